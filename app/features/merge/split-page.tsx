import { getInputProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type * as z from "zod";
import { ConfirmHeading, ConfirmLink, ConfirmPageForm } from "~/components/confirm-dialog";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { useConfirmPageForm } from "./confirm-page-form";

/**
 * The client half of a split page: a new record with a name takes the chosen people. Texts are the
 * namespace's `split.*` keys (title, heading, name, people, nobody, submit, done) and `backLabel`.
 */
export type SplitPageConfig = {
  ns: string;
  formId: string;
  /** `{ name, membershipIds: uuid[] }` */
  schema: z.ZodObject;
  backLabel: string;
};

export type SplitPageData = {
  title: string;
  record: { id: string; name: string };
  people: { membershipId: string; name: string }[];
  backHref: string;
};

export const splitMeta: MetaFunction = ({ data }) => [{ title: (data as SplitPageData | undefined)?.title }];

/** The link to a record's split page (`${ns}:split.link`): the page without JavaScript, a dialog with (1541). */
export function SplitLink({ page, href, name }: { page: SplitPageConfig; href: string; name: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmLink<SplitPageData>
      href={href}
      label={t(`${page.ns}:split.link`)}
      title={t(`${page.ns}:split.heading`, { name })}
      load={(data) => <SplitPage {...page} data={data} />}
    />
  );
}

/** Also the content of its confirmation dialog (`ConfirmLink`, 1541), with the page's loader data as `data`. */
export function SplitPage({ ns, formId, schema, backLabel, data }: SplitPageConfig & { data?: SplitPageData }) {
  const { t } = useTranslation();
  const { data: page, form, fields } = useConfirmPageForm<SplitPageData>({ formId, schema, data });
  const { record, people, backHref } = page;
  const nameLabel = t(`${ns}:split.name`);
  const peopleLabel = t(`${ns}:split.people`);
  const chosen = new Set((fields.membershipIds.initialValue as string[] | undefined) ?? []);
  return (
    <div className="max-w-2xl">
      <ConfirmHeading back={<Link to={backHref}>{t(backLabel, { name: record.name })}</Link>}>
        {t(`${ns}:split.heading`, { name: record.name })}
      </ConfirmHeading>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.name.id, label: nameLabel, errors: fields.name.errors },
          { id: fields.membershipIds.id, label: peopleLabel, errors: fields.membershipIds.errors },
        ]}
      />
      <ConfirmPageForm form={form}>
        <Field
          label={nameLabel}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: "text" })}
        />
        <fieldset className="mb-4" id={fields.membershipIds.id}>
          <legend className="font-medium">{peopleLabel}</legend>
          {people.length === 0 ? <p>{t(`${ns}:split.nobody`)}</p> : null}
          {people.map((p) => (
            <label key={p.membershipId} className="mt-1 flex items-center gap-2">
              <input
                type="checkbox"
                name={fields.membershipIds.name}
                value={p.membershipId}
                defaultChecked={chosen.has(p.membershipId)}
              />
              {p.name}
            </label>
          ))}
          <ErrorList id={`${fields.membershipIds.id}-error`} errors={fields.membershipIds.errors} label={peopleLabel} />
        </fieldset>
        <Button>{t(`${ns}:split.submit`)}</Button>
      </ConfirmPageForm>
    </div>
  );
}

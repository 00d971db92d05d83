import { TableScroll } from "~/components/ui/table";
import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type * as z from "zod";
import { ConfirmHeading, ConfirmLink, useConfirmFrame } from "~/components/confirm-dialog";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { useConfirmPageForm } from "./confirm-page-form";
import type { MergeLine } from "./merge-lines";

/**
 * The client half of a merge page, shared by the route's loader and component. The texts are the
 * namespace's `merge.*` keys (title, heading, intro, other, choose, keep, keepThis, keepOther, submit,
 * done, noOthers, preview.*) and `backLabel` with `{{name}}`.
 */
export type MergePageConfig = {
  ns: string;
  formId: string;
  /** `{ [otherField]: uuid, keep: "this" | "other" }` */
  schema: z.ZodObject;
  otherField: string;
  backLabel: string;
};

export type MergePreview = {
  otherId: string;
  keep: "this" | "other";
  remains: string;
  removed: string;
  lines: MergeLine[];
};

export type MergePageData = {
  title: string;
  record: { id: string; name: string };
  others: { id: string; name: string }[];
  backHref: string;
  /** What the merge would do, once a record is chosen (the first step's GET). */
  preview: MergePreview | null;
  /** The first step's errors (a choice that is missing or refused). */
  submission: SubmissionResult | null;
};

export const mergeMeta: MetaFunction = ({ data }) => [{ title: (data as MergePageData | undefined)?.title }];

/** The link to a record's merge page (`${ns}:merge.link`): the page without JavaScript, a dialog with (1541). */
export function MergeLink({ page, href, name }: { page: MergePageConfig; href: string; name: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmLink<MergePageData>
      href={href}
      label={t(`${page.ns}:merge.link`)}
      title={t(`${page.ns}:merge.heading`, { name })}
      load={(data) => <MergePage {...page} data={data} />}
    />
  );
}

/**
 * Choose the other record and which remains (GET), see what moves and what is lost, confirm (POST).
 * Works the same with and without JavaScript (docs/decisions/0760). In a confirmation dialog (`ConfirmLink`,
 * 1541) it shows `data`, the page's loader data, and its choice reloads the dialog instead of the page.
 */
export function MergePage({
  ns,
  formId,
  schema,
  otherField,
  backLabel,
  data,
}: MergePageConfig & { data?: MergePageData }) {
  const { t } = useTranslation();
  const {
    frame,
    data: page,
    form,
    fields,
  } = useConfirmPageForm<MergePageData>({
    formId,
    schema,
    data,
    submission: (page) => page.submission,
    defaultValue: ({ preview }) => ({ [otherField]: preview?.otherId ?? "", keep: preview?.keep ?? "this" }),
  });
  const { record, others, backHref, preview } = page;
  const formProps = getFormProps(form);
  const other = fields[otherField];
  const otherLabel = t(`${ns}:merge.other`);
  const keepLabel = t(`${ns}:merge.keep`);
  return (
    <div className="max-w-2xl">
      <ConfirmHeading back={<Link to={backHref}>{t(backLabel, { name: record.name })}</Link>}>
        {t(`${ns}:merge.heading`, { name: record.name })}
      </ConfirmHeading>
      <p className="mb-4">{t(`${ns}:merge.intro`)}</p>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: other.id, label: otherLabel, errors: other.errors },
          { id: fields.keep.id, label: keepLabel, errors: fields.keep.errors },
        ]}
      />
      {others.length === 0 ? (
        <p>{t(`${ns}:merge.noOthers`)}</p>
      ) : (
        <Form
          method="get"
          {...formProps}
          onSubmit={(event) => {
            formProps.onSubmit(event);
            if (!frame.inDialog || event.defaultPrevented) return;
            event.preventDefault();
            frame.reload(new URLSearchParams(new FormData(event.currentTarget) as unknown as string[][]));
          }}
          className="rounded bg-white p-6 shadow-sm"
        >
          <Field
            label={otherLabel}
            errors={other.errors}
            selectProps={getSelectProps(other)}
            options={[
              { value: "", label: t(`${ns}:merge.choose`) },
              ...others.map((o) => ({ value: o.id, label: o.name })),
            ]}
          />
          <fieldset className="mb-4" id={fields.keep.id}>
            <legend className="font-medium">{keepLabel}</legend>
            {(["this", "other"] as const).map((value) => (
              <label key={value} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.keep.name}
                  value={value}
                  defaultChecked={fields.keep.initialValue === value}
                />
                {value === "this" ? t(`${ns}:merge.keepThis`, { name: record.name }) : t(`${ns}:merge.keepOther`)}
              </label>
            ))}
            <ErrorList id={`${fields.keep.id}-error`} errors={fields.keep.errors} label={keepLabel} />
          </fieldset>
          <Button variant={preview ? "secondary" : "primary"}>{t("common:mergePreview.show")}</Button>
        </Form>
      )}
      {preview ? <MergePreviewPanel ns={ns} formId={formId} otherField={otherField} preview={preview} /> : null}
    </div>
  );
}

function MergePreviewPanel({
  ns,
  formId,
  otherField,
  preview,
}: {
  ns: string;
  formId: string;
  otherField: string;
  preview: MergePreview;
}) {
  const { t } = useTranslation();
  const frame = useConfirmFrame();
  const lines = preview.lines.filter((l) => l.moved + l.dropped + l.kept > 0);
  const anyKept = lines.some((l) => l.kept > 0);
  const headingId = `${formId}-preview`;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded bg-white p-6 shadow-sm">
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {t("common:mergePreview.heading")}
      </h2>
      <p>{t("common:mergePreview.remains", { name: preview.remains })}</p>
      <p className="mb-4">{t("common:mergePreview.removed", { name: preview.removed })}</p>
      {lines.length === 0 ? (
        <p className="mb-4">{t("common:mergePreview.nothing")}</p>
      ) : (
        <TableScroll>
          <table className="mb-4 w-full text-left">
            <thead>
              <tr>
                <th scope="col">{t("common:mergePreview.what")}</th>
                <th scope="col">{t("common:mergePreview.moved")}</th>
                <th scope="col">{t("common:mergePreview.dropped")}</th>
                {anyKept ? <th scope="col">{t("common:mergePreview.kept")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.label}>
                  <th scope="row" className="font-normal">
                    {t(line.label)}
                  </th>
                  <td>{line.moved}</td>
                  <td>{line.dropped}</td>
                  {anyKept ? <td>{line.kept}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="mb-4">{t("common:mergePreview.notYet")}</p>
      <Form method="post" id={`${formId}-confirm`} action={frame.action}>
        <input type="hidden" name={otherField} value={preview.otherId} />
        <input type="hidden" name="keep" value={preview.keep} />
        <Button>{t(`${ns}:merge.submit`)}</Button>
      </Form>
    </section>
  );
}

import { TableScroll } from "~/components/ui/table";
import type { SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type * as z from "zod";
import { AddTagSection } from "./add-tag-section";

/**
 * The client half of a tags page of a book (criteria tags, competence tags): the list with how many carry
 * each tag, and the "add a tag" panel. Texts are the namespace's `tags.*` keys (title, add, name, addSubmit,
 * empty, and the count column's key).
 */
export type TagsPageConfig = {
  ns: string;
  formId: string;
  schema: z.ZodObject<{ name: z.ZodType<string> }>;
  /** The page's own path; a tag's page is below it. */
  basePath: string;
  /** The count column's heading (an i18n key) and, where the count links somewhere, where. */
  count: { label: string; href?: (tagId: string) => string };
  /** A link back above the heading, and an intro below it (i18n keys). */
  back?: { href: string; label: string };
  intro?: string;
  /** Shows whether a tag is a system tag (`tags.system`, `tags.yes`, `tags.no`). */
  showSystem?: boolean;
};

export type TagsPageData = {
  title: string;
  tags: { id: string; name: string; isSystem: boolean; count: number }[];
};

export const tagsMeta: MetaFunction = ({ data }) => [{ title: (data as TagsPageData | undefined)?.title }];

export function TagsPage({ ns, formId, schema, basePath, count, back, intro, showSystem }: TagsPageConfig) {
  const { t } = useTranslation();
  const { tags } = useLoaderData<TagsPageData>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <>
      {back ? (
        <p>
          <Link to={back.href}>{t(back.label)}</Link>
        </p>
      ) : null}
      <h1 className={back ? "mt-2" : undefined}>{t(`${ns}:tags.title`)}</h1>
      {intro ? <p className="mt-2 max-w-3xl text-ink-muted">{t(intro)}</p> : null}
      <AddTagSection
        formId={formId}
        schema={schema}
        lastResult={lastResult}
        texts={{ title: t(`${ns}:tags.add`), name: t(`${ns}:tags.name`), submit: t(`${ns}:tags.addSubmit`) }}
      />
      {tags.length === 0 ? (
        <p className="mt-6">{t(`${ns}:tags.empty`)}</p>
      ) : (
        <TableScroll>
          <table className="mt-6 w-full max-w-3xl bg-white text-left shadow-sm">
            <caption className="sr-only">{t(`${ns}:tags.title`)}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="p-2">
                  {t(`${ns}:tags.name`)}
                </th>
                <th scope="col" className="p-2">
                  {t(count.label)}
                </th>
                {showSystem ? (
                  <th scope="col" className="p-2">
                    {t(`${ns}:tags.system`)}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag.id} className="border-b last:border-0">
                  <td className="p-2">
                    <Link to={`${basePath}/${tag.id}`}>{tag.name}</Link>
                  </td>
                  <td className="p-2">{count.href ? <Link to={count.href(tag.id)}>{tag.count}</Link> : tag.count}</td>
                  {showSystem ? (
                    <td className="p-2">{tag.isSystem ? t(`${ns}:tags.yes`) : t(`${ns}:tags.no`)}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { shownPersonName } from "~/features/privacy/erased-person";
import { AppLink } from "~/components/app-link";
import { FilterDate, FilterForm, FilterSearch, FilterSelect } from "~/components/ui/filter-form";
import { ListTable, Row } from "~/components/ui/table";
import { auditActionsByCategory, auditCategories } from "~/features/audit/audit-actions";
import { auditFilterQuery, auditListFilterSchema } from "~/features/audit/audit-list-filter";
import { listAuditEvents } from "~/features/audit/audit-list.server";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { pageTitle } from "~/utils/page-title";
import { formatDateTime } from "~/utils/format";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["audit"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The account's audit trail (issue 35, account.admin): filters as a GET form, keyset paging as links. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const filter = parseRequestFilter(auditListFilterSchema, request);
  const t = await getServerT(request);
  const { rows, next } = await listAuditEvents(ctx, filter);
  return {
    title: pageTitle(t, "audit:title"),
    filter: { ...filter, before: filter.before ? "1" : "" },
    query: auditFilterQuery(filter),
    rows,
    next,
  };
}

function detailText(data: Record<string, unknown> | null): string {
  if (!data) return "";
  return Object.entries(data)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
    .join("; ");
}

export default function AuditPage() {
  const { t } = useTranslation();
  const { filter, query, rows, next } = useLoaderData<typeof loader>();
  const withQuery = (extra: Record<string, string>) => {
    const params = new URLSearchParams(query);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return (
    <>
      <h1 className="mb-2">{t("audit:title")}</h1>
      <p className="mb-4 max-w-prose text-ink-muted">{t("audit:intro")}</p>
      <FilterForm submitLabel={t("audit:filter.submit")} role="search" label={t("audit:filter.label")}>
        <FilterSearch
          id="audit-person"
          name="person"
          type="text"
          label={t("audit:filter.person")}
          value={filter.person}
        />
        <FilterSearch id="audit-actor" name="actor" type="text" label={t("audit:filter.actor")} value={filter.actor} />
        <FilterSelect
          id="audit-action"
          name="action"
          label={t("audit:filter.action")}
          value={filter.action}
          allLabel={t("audit:filter.allActions")}
          options={[]}
          groups={auditCategories.map((category) => ({
            label: t(`audit:categories.${category}`),
            options: auditActionsByCategory[category].map((action) => ({ value: action, label: action })),
          }))}
        />
        <FilterDate id="audit-from" name="from" label={t("audit:filter.from")} value={filter.from} />
        <FilterDate id="audit-to" name="to" label={t("audit:filter.to")} value={filter.to} />
      </FilterForm>
      <p className="my-4 flex flex-wrap gap-4">
        <a href={`/resources/audit-export${withQuery({ format: "xlsx" })}`}>{t("audit:export.xlsx")}</a>
        <a href={`/resources/audit-export${withQuery({ format: "csv" })}`}>{t("audit:export.csv")}</a>
      </p>
      {rows.length === 0 ? (
        <p>{t("audit:empty")}</p>
      ) : (
        <ListTable
          caption={t("audit:title")}
          columns={[
            { label: t("audit:columns.time") },
            { label: t("audit:columns.action") },
            { label: t("audit:columns.actor") },
            { label: t("audit:columns.target") },
            { label: t("audit:columns.cluster") },
            { label: t("audit:columns.ip") },
            { label: t("audit:columns.detail") },
          ]}
        >
          {rows.map((r) => (
            <Row
              key={r.id}
              cells={[
                formatDateTime(r.at),
                <span key="a">
                  <code>{r.action}</code>
                </span>,
                r.actor ? shownPersonName(r.actor, t) : t("audit:nobody"),
                r.target ? shownPersonName(r.target, t) : r.subjectType ? `${r.subjectType} ${r.subjectId ?? ""}` : "",
                r.cluster ?? "",
                r.ip ?? "",
                detailText(r.data),
              ]}
            />
          ))}
        </ListTable>
      )}
      <nav aria-label={t("audit:paging")} className="mt-4 flex gap-4">
        {filter.before ? <AppLink href={withQuery({})}>{t("audit:newest")}</AppLink> : null}
        {next ? <AppLink href={withQuery({ before: next })}>{t("audit:older")}</AppLink> : null}
      </nav>
    </>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmSelection } from "~/components/confirm-dialog";
import { CriteriaMergeConfirm, type CriteriaToMerge } from "~/features/criteria/components/criteria-merge-confirm";
import * as z from "zod";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/ui/filter-form";
import { Button } from "~/components/ui/forms";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import { ShowInfoToggle, useViewPreferences } from "~/components/view-preference-controls";
import { ArchiveButton } from "~/features/criteria/components/fields";
import { criteriaFilterSchema } from "~/features/criteria/criteria-list-filter";
import { parseRequestFilter } from "~/utils/list-filter";
import { listCriteria, setCriterionArchived } from "~/features/criteria/criteria.server";
import { listCriteriaTags } from "~/features/criteria/criteria-tags.server";
import { dimensionTexts, getReviewSettings } from "~/features/criteria/review-settings.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "criteria.manage");
  const filter = parseRequestFilter(criteriaFilterSchema, request);
  const t = await getServerT(request);
  const [list, tags, settings] = await Promise.all([
    listCriteria(ctx, filter),
    listCriteriaTags(ctx),
    getReviewSettings(ctx),
  ]);
  return {
    title: pageTitle(t, "criteria:book.title"),
    filter,
    list,
    tags: tags.map(({ id, name }) => ({ id, name })),
    dimensions: dimensionTexts(settings, await getLanguage(request), t as never),
  };
}

const rowActionSchema = z.object({ intent: z.enum(["archive", "restore"]), id: z.uuid() });

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "criteria.manage");
  const parsed = rowActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
  await writeOrRedirect("update", "criterion", request, () =>
    setCriterionArchived(ctx, parsed.data.id, parsed.data.intent === "archive"),
  );
  const back = new URL(request.url);
  return redirectWithToast(`/criteria/book${back.search}`, { key: `criteria:book.${parsed.data.intent}Done` });
}

export default function CriteriaBookPage() {
  const { t } = useTranslation();
  const { filter, list, tags, dimensions } = useLoaderData<typeof loader>();
  const dimensionName = (d: number) => dimensions.find((x) => x.dimension === d)?.name ?? String(d);
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v !== undefined && k !== "page") params.set(k, String(v));
    params.set("page", String(page));
    return `/criteria/book?${params}`;
  };
  const archivedView = filter.archived === "1";
  const showInfo = useViewPreferences().info === "shown";
  return (
    <>
      <PageHeader title={t("criteria:book.title")}>
        <Link to="/criteria/book/add" className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline">
          {t("criteria:book.add")}
        </Link>
      </PageHeader>

      <FilterForm submitLabel={t("criteria:book.filter")}>
        <FilterSearch id="q" label={t("criteria:book.search")} value={filter.q} />
        <FilterSelect
          id="dimension"
          name="dimension"
          label={t("criteria:book.dimension")}
          value={filter.dimension}
          allLabel={t("criteria:book.allDimensions")}
          options={dimensions.map((d) => ({ value: String(d.dimension), label: d.name }))}
        />
        <FilterSelect
          id="tagId"
          name="tagId"
          label={t("criteria:book.tag")}
          value={filter.tagId}
          allLabel={t("criteria:book.allTags")}
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
        />
        <FilterSelect
          id="archived"
          name="archived"
          label={t("criteria:book.status")}
          value={filter.archived ?? "0"}
          options={[
            { value: "0", label: t("criteria:book.active") },
            { value: "1", label: t("criteria:book.archived") },
          ]}
        />
      </FilterForm>
      <div className="mt-4">
        <ShowInfoToggle />
      </div>

      <ConfirmSelection<CriteriaToMerge>
        action="/criteria/book/merge"
        id="merge-form"
        className="mt-4"
        title={t("criteria:merge.title")}
        load={(data) => <CriteriaMergeConfirm merge={data.merge} />}
      >
        <p className="text-sm text-ink-muted">{t("criteria:merge.hint")}</p>
        <Button variant="secondary" className="mt-2">
          {t("criteria:merge.selected")}
        </Button>
      </ConfirmSelection>

      {list.rows.length === 0 ? (
        <p className="mt-6">{t("criteria:book.empty")}</p>
      ) : (
        <ListTable
          caption={t("criteria:book.title")}
          className="mt-4 w-full bg-white text-left shadow-sm"
          columns={[
            { label: t("criteria:merge.select"), hidden: true },
            { label: t("criteria:book.name") },
            { label: t("criteria:book.dimension") },
            { label: t("criteria:book.tags") },
            { label: t("criteria:book.actions"), hidden: true },
          ]}
        >
          {list.rows.map((row) => (
            <Row
              key={row.id}
              className="border-b last:border-0"
              cells={[
                <input
                  key="ids"
                  type="checkbox"
                  name="ids"
                  value={row.id}
                  form="merge-form"
                  className="h-5 w-5"
                  aria-label={t("criteria:merge.selectOne", { name: row.name })}
                />,
                <div key="name">
                  <Link to={`/criteria/book/edit?id=${row.id}`}>{row.name}</Link>
                  {showInfo && row.description ? <p className="text-sm text-ink-muted">{row.description}</p> : null}
                </div>,
                dimensionName(row.dimension),
                row.tags.map((tag) => tag.name).join(", "),
              ]}
              actions={<ArchiveButton id={row.id} name={row.name} archived={archivedView} />}
            />
          ))}
        </ListTable>
      )}
      <nav aria-label={t("criteria:book.paging")} className="mt-4 flex gap-4">
        {list.page > 1 ? <Link to={pageHref(list.page - 1)}>{t("criteria:book.previous")}</Link> : null}
        <span>{t("criteria:book.pageOf", { page: list.page, count: list.pageCount })}</span>
        {list.page < list.pageCount ? <Link to={pageHref(list.page + 1)}>{t("criteria:book.next")}</Link> : null}
      </nav>
    </>
  );
}

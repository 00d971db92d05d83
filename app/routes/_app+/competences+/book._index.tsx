import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/ui/filter-form";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import { CompetenceTypeAndTagFilters } from "~/features/competences/components/competence-filters";
import { competenceFilterSchema } from "~/features/competences/competence-list-filter";
import { listCompetenceTags } from "~/features/competences/competence-tags.server";
import { listCompetences, setCompetenceArchived } from "~/features/competences/competences.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { can, requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.read");
  const filter = parseRequestFilter(competenceFilterSchema, request);
  const t = await getServerT(request);
  const [rows, tags] = await Promise.all([listCompetences(ctx, filter), listCompetenceTags(ctx)]);
  return {
    title: pageTitle(t, "competences:book.title"),
    filter,
    rows,
    tags: tags.map(({ id, name }) => ({ id, name })),
    canManage: can(ctx, "competences.manage"),
  };
}

const rowActionSchema = z.object({ intent: z.enum(["archive", "restore"]), id: z.uuid() });

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const parsed = rowActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
  await writeOrRedirect("update", "competence", request, () =>
    setCompetenceArchived(ctx, parsed.data.id, parsed.data.intent === "archive"),
  );
  return redirectWithToast(`/competences/book${new URL(request.url).search}`, {
    key: `competences:book.${parsed.data.intent}Done`,
  });
}

export default function CompetenceBookPage() {
  const { t } = useTranslation();
  const { filter, rows, tags, canManage } = useLoaderData<typeof loader>();
  const archivedView = filter.archived === "1";
  return (
    <>
      <PageHeader title={t("competences:book.title")}>
        {canManage ? (
          <div className="flex flex-wrap items-center gap-4">
            <Link to="/competences/tags">{t("competences:tags.title")}</Link>
            <Link to="/competences/sets">{t("competences:sets.title")}</Link>
            <Link
              to="/competences/book/add"
              className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline"
            >
              {t("competences:book.add")}
            </Link>
          </div>
        ) : null}
      </PageHeader>
      <FilterForm submitLabel={t("competences:book.filter")}>
        <FilterSearch id="q" label={t("competences:book.search")} value={filter.q} />
        <CompetenceTypeAndTagFilters filter={filter} tags={tags} />
        <FilterSelect
          id="archived"
          name="archived"
          label={t("competences:book.status")}
          value={filter.archived ?? "0"}
          options={[
            { value: "0", label: t("competences:book.active") },
            { value: "1", label: t("competences:book.archived") },
          ]}
        />
      </FilterForm>
      {rows.length === 0 ? (
        <p className="mt-6">{t("competences:book.empty")}</p>
      ) : (
        <ListTable
          caption={t("competences:book.title")}
          className="mt-4 w-full bg-white text-left shadow-sm"
          columns={[
            { label: t("competences:book.name") },
            { label: t("competences:type.label") },
            { label: t("competences:tags.column") },
            { label: t("competences:book.description") },
            canManage && { label: t("competences:book.actions"), hidden: true },
          ]}
        >
          {rows.map((row) => (
            <Row
              key={row.id}
              cells={[
                canManage ? <Link to={`/competences/book/edit?id=${row.id}`}>{row.name}</Link> : row.name,
                t(`competences:type.${row.type}`),
                row.tags.join(", "),
                <span key="d" className="text-sm text-ink-muted">
                  {row.description}
                </span>,
              ]}
              actions={
                canManage ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={row.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={archivedView ? "restore" : "archive"}
                      className="underline"
                      aria-label={t(archivedView ? "competences:book.restoreOne" : "competences:book.archiveOne", {
                        name: row.name,
                      })}
                    >
                      {t(archivedView ? "competences:book.restore" : "competences:book.archive")}
                    </button>
                  </Form>
                ) : undefined
              }
            />
          ))}
        </ListTable>
      )}
    </>
  );
}

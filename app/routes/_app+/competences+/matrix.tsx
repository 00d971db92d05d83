import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm } from "~/components/ui/filter-form";
import { ScoreMatrix } from "~/components/ui/score-matrix";
import { PageHeader, Section } from "~/components/ui/table";
import { RequiredLevelCell } from "~/features/competences/components/required-level-cell";
import { CompetenceTypeAndTagFilters } from "~/features/competences/components/competence-filters";
import { competenceFilterSchema } from "~/features/competences/competence-list-filter";
import { competenceLevels } from "~/features/competences/levels";
import { listCompetenceTags } from "~/features/competences/competence-tags.server";
import { getMatrix, saveMatrixCell } from "~/features/competences/matrix.server";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { pageTitle } from "~/utils/page-title";
import { can, requireModule } from "~/utils/tenant.server";
import { refusalStatus } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.read");
  const filter = parseRequestFilter(competenceFilterSchema, request);
  const t = await getServerT(request);
  const [matrix, tags] = await Promise.all([
    getMatrix(ctx, { type: filter.type, tagId: filter.tag }),
    listCompetenceTags(ctx),
  ]);
  const canManage = can(ctx, "competences.manage");
  // One row at a time is edited in place (?edit=<position id>); the others are plain text (decision 1304).
  const edit = new URL(request.url).searchParams.get("edit");
  return {
    title: pageTitle(t, "competences:matrix.title"),
    filter,
    matrix: {
      columns: matrix.columns,
      rows: matrix.rows.map((row) => ({
        ...row,
        cells: row.cells.map(({ level, inheritedFrom }) => ({ level, inheritedFrom })),
      })),
    },
    editId: canManage && matrix.rows.some((row) => row.id === edit) ? edit : null,
    tags: tags.map(({ id, name }) => ({ id, name })),
    canManage,
    canScore: can(ctx, "competence_reviews.manage"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const result = await saveMatrixCell(ctx, await readForm(request));
  if (!result.ok) return data(result.failed, { status: refusalStatus(result) });
  return redirectWithToast(`/competences/matrix${new URL(request.url).search}`, { key: "competences:matrix.saved" });
}

export default function MatrixPage() {
  const { t } = useTranslation();
  const { filter, matrix, editId, tags, canManage, canScore } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const levelLabel = (level: number) => t(`competences:levels.${level}`);
  // A refused cell keeps its row open, with the level typed and the message next to it.
  const editing = failed?.cell.positionId ?? editId;
  const query = (edit?: string) => {
    const params = new URLSearchParams();
    if (filter.type) params.set("type", filter.type);
    if (filter.tag) params.set("tag", filter.tag);
    if (edit) params.set("edit", edit);
    return params.size > 0 ? `/competences/matrix?${params}` : "/competences/matrix";
  };
  return (
    <>
      <PageHeader title={t("competences:matrix.title")}>
        {canScore ? <Link to="/competences/scores">{t("competences:scores.title")}</Link> : null}
      </PageHeader>
      <p className="mt-2 text-ink-muted">{t("competences:matrix.intro")}</p>
      <FilterForm submitLabel={t("competences:book.filter")}>
        <CompetenceTypeAndTagFilters filter={filter} tags={tags} />
      </FilterForm>
      {matrix.rows.length === 0 || matrix.columns.length === 0 ? (
        <p className="mt-6">{t("competences:matrix.empty")}</p>
      ) : (
        <div className="mt-4 relative overflow-x-auto">
          <ScoreMatrix
            caption={t("competences:matrix.title")}
            className="bg-white text-left shadow-sm"
            columnClassName="min-w-32 p-2 align-bottom text-sm"
            rowHeaderClassName="p-2 align-top"
            cellClassName="p-2 align-top"
            corner={t("competences:matrix.position")}
            columns={matrix.columns.map((c) => ({ ...c, note: t(`competences:type.${c.type}`) }))}
            rows={matrix.rows}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ id: row.id === editing ? "matrix-edit" : undefined })}
            rowHeader={(row) => (
              <>
                {canScore ? <Link to={`/positions/${row.id}`}>{row.name}</Link> : row.name}
                {row.parentName ? (
                  <span className="block text-sm font-normal text-ink-muted">
                    {t("competences:matrix.parent", { name: row.parentName })}
                  </span>
                ) : null}
                {canManage ? (
                  <Link
                    to={row.id === editing ? query() : `${query(row.id)}#matrix-edit`}
                    preventScrollReset
                    className="mt-1 block w-fit py-1 text-sm font-normal"
                  >
                    {t(row.id === editing ? "competences:matrix.done" : "competences:matrix.edit")}
                    <span className="sr-only"> {row.name}</span>
                  </Link>
                ) : null}
              </>
            )}
            cell={(row, column, i) => {
              const cell = row.cells[i];
              return row.id === editing ? (
                <RequiredLevelCell
                  positionId={row.id}
                  positionName={row.name}
                  competenceName={column.name}
                  cell={{
                    competenceId: column.id,
                    level: cell.level,
                    own: cell.inheritedFrom ? null : cell.level,
                    inheritedFrom: cell.inheritedFrom,
                  }}
                  canManage
                  failed={failed}
                />
              ) : (
                <>
                  {cell.level ? `${cell.level} ${levelLabel(cell.level)}` : "–"}
                  {cell.inheritedFrom ? (
                    <span className="block text-xs text-ink-muted">
                      {t("competences:matrix.inherited", { level: cell.level, name: cell.inheritedFrom })}
                    </span>
                  ) : null}
                </>
              );
            }}
          />
        </div>
      )}
      <Section
        id="scale"
        title={t("competences:levels.title")}
        className="mt-6 max-w-xl rounded bg-white p-4 shadow-sm"
        headingClassName="text-lg"
      >
        <ul className="mt-2">
          {competenceLevels.map((level) => (
            <li key={level}>
              {level}: {levelLabel(level)}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm } from "~/components/ui/filter-form";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import { CompetenceTypeAndTagFilters } from "~/features/competences/components/competence-filters";
import { RequiredLevelCell } from "~/features/competences/components/required-level-cell";
import { competenceFilterSchema } from "~/features/competences/competence-list-filter";
import { getPositionRequirements, saveMatrixCell } from "~/features/competences/matrix.server";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { can, requireModule } from "~/utils/tenant.server";
import { refusalStatus } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** positions/{id} (spec §2, competence_reviews.manage): the competences a position requires, own and inherited. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competence_reviews.manage");
  const filter = parseRequestFilter(competenceFilterSchema, request);
  const page = await getPositionRequirements(ctx, params.id ?? "", { type: filter.type });
  const t = await getServerT(request);
  return {
    title: `${page.position.name} · ${t("competences:matrix.title")} · ${t("common:appName")}`,
    filter,
    ...page,
    canManage: can(ctx, "competences.manage"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const formData = await readForm(request);
  if (formData.get("positionId") !== params.id) throw new Response("Not found", { status: 404 });
  const result = await saveMatrixCell(ctx, formData);
  if (!result.ok) return data(result.failed, { status: refusalStatus(result) });
  return redirectWithToast(`/positions/${params.id}${new URL(request.url).search}`, {
    key: "competences:matrix.saved",
  });
}

export default function PositionCompetencesPage() {
  const { t } = useTranslation();
  const { filter, position, lines, canManage } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/competences/matrix">{t("competences:position.back")}</Link>
      </p>
      <PageHeader title={position.name}>
        <Link to={`/competences/scores/positions/${position.id}`}>{t("competences:scores.title")}</Link>
      </PageHeader>
      {position.parentName ? (
        <p className="mt-1 text-ink-muted">{t("competences:matrix.parent", { name: position.parentName })}</p>
      ) : null}
      <FilterForm submitLabel={t("competences:book.filter")}>
        <CompetenceTypeAndTagFilters filter={filter} />
      </FilterForm>
      {lines.length === 0 ? (
        <p className="mt-6">{t("competences:scores.nothingLinked")}</p>
      ) : (
        <ListTable
          caption={t("competences:position.caption", { name: position.name })}
          className="mt-4 w-full bg-white text-left shadow-sm"
          columns={[
            { label: t("competences:scores.competence") },
            { label: t("competences:type.label") },
            { label: t("competences:scores.required") },
          ]}
        >
          {lines.map((line) => (
            <Row
              key={line.id}
              cells={[
                line.name,
                t(`competences:type.${line.type}`),
                <RequiredLevelCell
                  key="c"
                  positionId={position.id}
                  positionName={position.name}
                  competenceName={line.name}
                  cell={line.cell}
                  canManage={canManage}
                  failed={failed}
                />,
              ]}
            />
          ))}
        </ListTable>
      )}
    </>
  );
}

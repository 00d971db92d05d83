import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { PageHeader } from "~/components/ui/table";
import { CalibrationPeopleTable, CalibrationSpreadTable } from "~/features/calibration/components/calibration-tables";
import { calibrationFilterSchema } from "~/features/calibration/calibration.schema";
import { calibrationBoard } from "~/features/calibration/calibration.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

/**
 * Calibration (docs/decisions/1610): the development roles of a finished round's teams side by side, and the
 * people with their computed and placed role; each person's link opens the move form. reviews.manage in the
 * team scope: HR the whole round, a leader their own teams.
 */
export const handle = { i18n: ["calibration", "results", "criteria"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const filter = parseRequestFilter(calibrationFilterSchema, request);
  const [board, { t, texts }] = await Promise.all([calibrationBoard(ctx, filter), requestResultTexts(request, ctx)]);
  return {
    title: pageTitle(t, "calibration:title"),
    roles: texts.roles.map((r) => ({ id: r.id, label: r.label })),
    ...board,
  };
}

export default function CalibrationPage() {
  const { t } = useTranslation();
  const { rounds, round, teams, people, total, filter, roles, pageSize } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div>
      <PageHeader title={t("calibration:title")} />
      <p className="mt-2 max-w-3xl">{t("calibration:intro")}</p>
      {round === null ? (
        <p className="mt-6 rounded bg-white p-4 shadow-sm">{t("calibration:noRounds")}</p>
      ) : (
        <>
          <FilterForm submitLabel={t("calibration:filter.submit")}>
            <FilterSelect
              id="calibration-round"
              name="round"
              label={t("calibration:filter.round")}
              value={filter.round}
              options={rounds.map((r) => ({ value: r.id, label: r.name }))}
            />
            <FilterSelect
              id="calibration-team"
              name="team"
              label={t("calibration:filter.team")}
              value={filter.team}
              allLabel={t("calibration:filter.allTeams")}
              options={teams.map((team) => ({ value: team.reviewId, label: team.teamName }))}
            />
            <FilterSelect
              id="calibration-role"
              name="role"
              label={t("calibration:filter.role")}
              value={filter.role}
              allLabel={t("calibration:filter.allRoles")}
              options={roles.map((r) => ({ value: String(r.id), label: r.label }))}
            />
          </FilterForm>
          <h2 className="mt-8">{t("calibration:spread.title")}</h2>
          <p className="mt-1 text-sm text-ink-muted">{t("calibration:spread.hint")}</p>
          <div className="mt-3">
            <CalibrationSpreadTable teams={teams} roles={roles} />
          </div>
          <h2 className="mt-8">{t("calibration:people.title", { count: total })}</h2>
          <div className="mt-3">
            <CalibrationPeopleTable people={people} roles={roles} />
          </div>
          <Pager page={filter.page} total={total} pageSize={pageSize} search={search} />
        </>
      )}
    </div>
  );
}

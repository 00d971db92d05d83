import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSearch } from "~/components/ui/filter-form";
import { flowZones, type ZoneShares } from "~/features/flow/flow-zones";
import { formatDate } from "~/utils/format";
import { ListTable } from "~/components/ui/table";
import type { HrOverview } from "../hr-overview.server";

/** One block of the dashboard: a titled white card. */
export function DashboardBlock({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 max-w-2xl rounded bg-white p-6 shadow-sm">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

type Team = { id: string; name: string; isLeader: boolean; memberCount: number };
type OpenReview = { id: string; name: string; deadline: string | null; mayEvaluate: boolean };

/** Teams I am part of or lead, with each team's open team review when the module is on (`openReviews`). */
export function MyTeamsBlock({
  teams,
  openReviews,
  managesTeams = false,
}: {
  teams: Team[];
  openReviews: Record<string, OpenReview> | null;
  /** HR and admins manage the cluster's teams: no "ask HR to add you" for them. */
  managesTeams?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DashboardBlock id="my-teams" title={t("dashboard:myTeams.title")}>
      {teams.length === 0 ? (
        <p className="mt-2">
          {managesTeams ? (
            <>
              {t("dashboard:myTeams.emptyManager")}{" "}
              <Link to="/personnel/teams" className="underline">
                {t("dashboard:myTeams.toTeams")}
              </Link>
            </>
          ) : (
            t("dashboard:myTeams.empty")
          )}
        </p>
      ) : (
        <ListTable
          className="mt-4 w-full text-left"
          sticky={false}
          columns={[
            { label: t("dashboard:myTeams.team"), className: "py-2" },
            { label: t("dashboard:myTeams.role"), className: "py-2" },
            { label: t("dashboard:myTeams.members"), className: "py-2 text-right" },
            openReviews && { label: t("dashboard:myTeams.openReview"), className: "py-2 pl-4" },
          ]}
        >
          {teams.map((team) => {
            const review = openReviews?.[team.id];
            return (
              <tr key={team.id} className="border-b last:border-0">
                <td className="py-2">{team.name}</td>
                <td className="py-2">
                  {team.isLeader ? t("dashboard:myTeams.leader") : t("dashboard:myTeams.member")}
                </td>
                <td className="py-2 text-right">{team.memberCount}</td>
                {openReviews ? (
                  <td className="py-2 pl-4">
                    {!review ? (
                      <span className="text-ink-muted">{t("dashboard:myTeams.noOpenReview")}</span>
                    ) : review.mayEvaluate ? (
                      <Link to={`/review/evaluation/${review.id}`} className="underline">
                        {review.name}
                      </Link>
                    ) : (
                      review.name
                    )}
                    {review?.deadline ? (
                      <span className="block text-sm text-ink-muted">
                        {t("dashboard:myTeams.deadline", { date: formatDate(review.deadline) })}
                      </span>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </ListTable>
      )}
    </DashboardBlock>
  );
}

/** My started dialogs, each with its objective and the share of its actions done, linking to the dialog. */
export function MyDialogsBlock({
  dialogs,
}: {
  dialogs: { id: string; objective: string; actions: number; done: number; percent: number }[];
}) {
  const { t } = useTranslation();
  return (
    <DashboardBlock id="my-dialogs" title={t("dashboard:dialogs.title")}>
      <ul className="mt-2 space-y-2" aria-label={t("dashboard:dialogs.label")}>
        {dialogs.map((dialog) => (
          <li key={dialog.id}>
            <Link to={`/dialogs/${dialog.id}`} className="underline">
              {dialog.objective}
            </Link>
            <span className="block text-sm text-ink-muted">
              {dialog.actions > 0
                ? t("dashboard:dialogs.progress", {
                    done: dialog.done,
                    actions: dialog.actions,
                    percent: dialog.percent,
                  })
                : t("dashboard:dialogs.noActions")}
            </span>
          </li>
        ))}
      </ul>
    </DashboardBlock>
  );
}

/** My latest flow measurement: the share of time per zone, or an invitation to measure. */
export function MyFlowBlock({
  latest,
}: {
  latest: { id: string; createdAt: string; shares: ZoneShares; counted: boolean } | null;
}) {
  const { t } = useTranslation();
  return (
    <DashboardBlock id="my-flow" title={t("dashboard:flow.title")}>
      {!latest ? (
        <p className="mt-2">
          {t("dashboard:flow.none")}{" "}
          <Link to="/flow/create" className="underline">
            {t("dashboard:flow.measure")}
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-2">{t("dashboard:flow.measuredOn", { date: formatDate(latest.createdAt) })}</p>
          {latest.counted ? (
            <ul className="mt-2 flex flex-wrap gap-x-4" aria-label={t("dashboard:flow.zonesLabel")}>
              {flowZones.map((zone) => (
                <li key={zone}>
                  {t(`flow:zones.${zone}`)}: <span className="tabular-nums">{latest.shares[zone]} %</span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2">
            <Link to={`/flow/details/${latest.id}`} className="underline">
              {t("dashboard:flow.open")}
            </Link>
          </p>
        </>
      )}
    </DashboardBlock>
  );
}

/** My ambition (when the growth-and-ambition module is on) and my latest development role, linking to my/growth. */
export function MyGrowthBlock({
  ambition,
  latestRole,
}: {
  ambition: { summary: string } | null | undefined;
  latestRole: { role: string; name: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <DashboardBlock id="my-growth" title={t("dashboard:growth.title")}>
      {ambition !== undefined ? (
        <p className="mt-2">
          {ambition ? t("dashboard:growth.ambition", { ambition: ambition.summary }) : t("growth:ambition.none")}
        </p>
      ) : null}
      {latestRole ? (
        <p className="mt-2">
          {t("dashboard:growth.latestRole", { role: t(`criteria:roles.${latestRole.role}`), review: latestRole.name })}
        </p>
      ) : null}
      <p className="mt-2">
        <Link to="/my/growth" className="underline">
          {t("dashboard:growth.open")}
        </Link>
      </p>
    </DashboardBlock>
  );
}

/** A search for employees, for those who manage them: a GET form onto the personnel list. */
export function EmployeeSearchBlock() {
  const { t } = useTranslation();
  return (
    <DashboardBlock id="employee-search" title={t("dashboard:search.title")}>
      <FilterForm
        action="/personnel/users/active"
        role="search"
        label={t("dashboard:search.title")}
        submitLabel={t("dashboard:search.submit")}
        className="mt-4 flex flex-wrap items-end gap-4"
      >
        <FilterSearch id="dashboard-employee-search" label={t("dashboard:search.label")} value="" />
      </FilterForm>
    </DashboardBlock>
  );
}

/**
 * HR's and admins' overview of the cluster (issue #36): teams and people, the open reviews by deadline, the last
 * imports and the licence's use — each part only when the loader sent it (its right and module).
 */
export function HrOverviewBlock({ overview, clusterName }: { overview: HrOverview; clusterName: string }) {
  const { t } = useTranslation();
  const { licence } = overview;
  return (
    <DashboardBlock id="hr-overview" title={t("dashboard:hr.title", { cluster: clusterName })}>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium">{t("dashboard:hr.teams")}</dt>
        <dd>
          <Link to="/personnel/teams" className="underline">
            {overview.teams}
          </Link>
          {overview.teamsWithoutLeader > 0 ? (
            <span className="ml-2 text-warning">
              {t("dashboard:hr.withoutLeader", { count: overview.teamsWithoutLeader })}
            </span>
          ) : null}
        </dd>
        <dt className="font-medium">{t("dashboard:hr.people")}</dt>
        <dd>
          <Link to="/personnel/users/active" className="underline">
            {overview.people}
          </Link>
        </dd>
        {licence ? (
          <>
            <dt className="font-medium">{t("dashboard:hr.licence")}</dt>
            <dd>
              {t(`account:dashboard.statuses.${licence.status}`)}
              {licence.trialDaysLeft !== null
                ? ` · ${t("account:dashboard.trialDaysLeft", { count: licence.trialDaysLeft })}`
                : null}
              <span className="block">
                {t("dashboard:hr.licenceUse", {
                  employees: t("account:dashboard.ofLicensed", {
                    used: licence.employees,
                    licensed: licence.licensedEmployees,
                  }),
                  teams: t("account:dashboard.ofLicensed", { used: licence.teams, licensed: licence.licensedTeams }),
                })}
              </span>
              <Link to="/account/dashboard" className="underline">
                {t("dashboard:hr.toAccount")}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>

      {overview.showReviews ? (
        <>
          <h3 className="mt-6 font-semibold">{t("dashboard:hr.openReviews")}</h3>
          {overview.openReviews.length === 0 ? (
            <p className="mt-1">{t("dashboard:hr.noOpenReviews")}</p>
          ) : (
            <ul className="mt-1 space-y-1" data-testid="hr-open-reviews">
              {overview.openReviews.map((review) => (
                <li key={review.id}>
                  <Link to={review.href} className="underline">
                    {review.name}
                  </Link>{" "}
                  <span className="text-sm text-ink-muted">
                    {t(`dashboard:hr.reviewTypes.${review.type}`)}
                    {review.deadline
                      ? ` · ${t("dashboard:myTeams.deadline", { date: formatDate(review.deadline) })}`
                      : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}

      {overview.imports ? (
        <>
          <h3 className="mt-6 font-semibold">{t("dashboard:hr.imports")}</h3>
          {overview.imports.length === 0 ? (
            <p className="mt-1">
              {t("dashboard:hr.noImports")}{" "}
              <Link to="/import" className="underline">
                {t("dashboard:hr.toImport")}
              </Link>
            </p>
          ) : (
            <ul className="mt-1 space-y-1" data-testid="hr-imports">
              {overview.imports.map((row) => (
                <li key={row.id}>
                  <Link to={`/import/view/${row.id}`} className="underline">
                    {row.fileName}
                  </Link>{" "}
                  <span className="text-sm text-ink-muted">
                    {t(`import:status.${row.status}`)} · {formatDate(row.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </DashboardBlock>
  );
}

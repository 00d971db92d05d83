import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/table";
import { isTeamDevelopmentStep, teamDevelopmentSteps, visibleStepLinks } from "~/features/team-development/steps";
import { teamDialogProgress, teamProgress } from "~/features/team-development/team-progress.server";
import { goalListFilterSchema } from "~/features/team-goals/goal-list-filter";
import { listGoalTeams } from "~/features/team-goals/team-goals.server";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { pageTitle } from "~/utils/page-title";
import { notFound } from "~/utils/not-found";
import { teamInScope, teamScope } from "~/utils/team-scope.server";
import { requireUser, rightsSubject } from "~/utils/tenant.server";

export const handle = { i18n: ["growth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * The team development method as steps (spec §2 team-development/{step}, any signed-in user, 1121): what to do,
 * links to the pages that do it (only those the user may open) and the chosen team's progress. The team comes
 * from a GET form of the teams this person may see (all with teams.manage, else their own); another is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const step = params.step;
  if (!isTeamDevelopmentStep(step)) notFound();
  const { team: requested } = parseRequestFilter(goalListFilterSchema, request);
  const teams = await listGoalTeams(ctx);
  if (requested && !teams.some((t) => t.id === requested)) notFound();
  const team = teams.find((t) => t.id === requested) ?? teams[0] ?? null;
  const t = await getServerT(request);
  const stepTitle = t(`growth:teamDevelopment.steps.${step}.title`);
  // The dialog step's numbers, with module dialog (decision 1343).
  const dialogs = team && ctx.modules.has("dialog") ? await teamDialogProgress(ctx, team.id) : null;
  return {
    title: `${stepTitle} · ${pageTitle(t, "growth:teamDevelopment.title")}`,
    step,
    teams,
    team,
    progress: team ? await teamProgress(ctx, team.id, dialogs) : null,
    dialogs,
    links: visibleStepLinks(rightsSubject(ctx), step, team?.id ?? null, (right) =>
      teamInScope(teamScope(ctx, right), team?.id ?? null),
    ),
  };
}

export default function TeamDevelopmentPage() {
  const { t } = useTranslation();
  const { step, teams, team, progress, links, dialogs } = useLoaderData<typeof loader>();
  const index = teamDevelopmentSteps.indexOf(step);
  const query = team ? `?team=${team.id}` : "";
  const previous = teamDevelopmentSteps[index - 1];
  const next = teamDevelopmentSteps[index + 1];
  const status = (key: (typeof teamDevelopmentSteps)[number]) => {
    const done = progress?.[key];
    if (done === undefined || done === null) return null;
    return done ? t("growth:teamDevelopment.done") : t("growth:teamDevelopment.open");
  };
  return (
    <div className="max-w-3xl">
      <PageHeader title={t("growth:teamDevelopment.title")} />
      <p className="mt-2">{t("growth:teamDevelopment.intro")}</p>
      {teams.length > 0 ? (
        <FilterForm submitLabel={t("growth:teamDevelopment.showTeam")}>
          <FilterSelect
            key={team?.id}
            id="team-development-team"
            name="team"
            label={t("growth:teamDevelopment.team")}
            value={team?.id}
            options={teams.map((o) => ({ value: o.id, label: o.name }))}
          />
        </FilterForm>
      ) : (
        <p className="mt-4">{t("growth:teamDevelopment.noTeams")}</p>
      )}
      <nav aria-label={t("growth:teamDevelopment.stepsLabel")} className="mt-6">
        <ol className="space-y-1">
          {teamDevelopmentSteps.map((key, i) => {
            const label = status(key);
            return (
              <li key={key}>
                <Link
                  to={`/team-development/${key}${query}`}
                  aria-current={key === step ? "step" : undefined}
                  className={key === step ? "font-semibold" : undefined}
                >
                  {t("growth:teamDevelopment.stepNumber", {
                    number: i + 1,
                    title: t(`growth:teamDevelopment.steps.${key}.title`),
                  })}
                </Link>
                {label ? <span className="ml-2 text-sm text-ink-muted">({label})</span> : null}
              </li>
            );
          })}
        </ol>
      </nav>
      <section aria-labelledby="step-title" className="mt-6 rounded bg-white p-6 shadow-sm">
        <h2 id="step-title">
          {t("growth:teamDevelopment.stepNumber", {
            number: index + 1,
            title: t(`growth:teamDevelopment.steps.${step}.title`),
          })}
        </h2>
        <p className="mt-2">{t(`growth:teamDevelopment.steps.${step}.text`)}</p>
        {team && status(step) ? (
          <p className="mt-3" data-testid="step-progress">
            {t(`growth:teamDevelopment.progress.${progress?.[step] ? "done" : "open"}`, { team: team.name })}
          </p>
        ) : null}
        {step === "dialogs" && dialogs ? (
          <p className="mt-1" data-testid="dialog-progress">
            {dialogs.members === 0
              ? t("growth:teamDevelopment.dialogProgress.noMembers")
              : t("growth:teamDevelopment.dialogProgress.counts", {
                  withDialog: dialogs.withDialog,
                  members: dialogs.members,
                  finished: dialogs.finished,
                })}
          </p>
        ) : null}
        {links.length > 0 ? (
          <ul aria-label={t("growth:teamDevelopment.linksLabel")} className="mt-3 list-disc pl-6">
            {links.map((link) => (
              <li key={link.key}>
                <Link to={link.href}>{t(`growth:teamDevelopment.links.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <nav aria-label={t("growth:teamDevelopment.pagerLabel")} className="mt-6 flex gap-4">
        {previous ? <Link to={`/team-development/${previous}${query}`}>{t("common:actions.previous")}</Link> : null}
        {next ? (
          <Link to={`/team-development/${next}${query}`} className="font-semibold">
            {t("common:actions.next")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

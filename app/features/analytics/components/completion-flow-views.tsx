import { useTranslation } from "react-i18next";
import { BarChart } from "~/components/ui/bar-chart";
import { formatDate } from "~/utils/format";
import { completionPercent, groupColors } from "../analytics";
import type { CompletionAnalytics, CompletionCount } from "../completion.server";
import type { StaffFlowAnalytics } from "../staff-flow.server";
import { SmallGroupNotice } from "./small-group-notice";
import { TeamsShownNotice } from "./teams-shown-notice";

/**
 * The review-completion and in/out-flow tabs of HR analytics (docs/decisions/1720): a BarChart with the data
 * table under it (1601), the further figures as table columns, hidden groups as "verborgen" (1600).
 */

const doneColor = groupColors[2];
const openColor = groupColors[5];

export function CompletionView({ data }: { data: CompletionAnalytics & { teamsInAll: number } }) {
  const { t } = useTranslation();
  const hidden = t("analytics:smallGroups.hidden");
  if (data.rounds.length === 0) return <p data-testid="completion-empty">{t("analytics:completion.empty")}</p>;
  const series = [
    { key: "done", label: t("analytics:completion.done"), color: doneColor },
    { key: "open", label: t("analytics:completion.open"), color: openColor },
  ];
  const values = (c: CompletionCount) => (c.hidden ? [null, null] : [c.done ?? 0, (c.due ?? 0) - (c.done ?? 0)]);
  const share = (c: CompletionCount) => {
    if (c.hidden) return hidden;
    if (!c.due) return "–";
    return t("analytics:completion.share", { done: c.done, due: c.due, percent: completionPercent(c) });
  };
  const deadline = (day: string | null, open: boolean) =>
    day ? (
      <>
        {formatDate(day)}
        {open && day < data.today ? ` (${t("analytics:completion.overdue")})` : null}
      </>
    ) : (
      "–"
    );
  const columns = [
    t("analytics:completion.evaluationsPercent"),
    t("analytics:completion.selfReviews"),
    t("analytics:completion.teamReviews"),
    t("analytics:completion.deadline"),
  ];
  return (
    <div className="max-w-4xl">
      <SmallGroupNotice min={data.min} hidden={data.hidden} />
      <p className="mt-4 max-w-3xl">{t("analytics:completion.rule")}</p>
      <BarChart
        id="completion"
        title={t("analytics:completion.perRound")}
        groupLabel={t("analytics:rounds.round")}
        totalLabel={t("analytics:completion.due")}
        hiddenText={hidden}
        series={series}
        extraColumns={columns}
        rows={data.rounds.map((round) => ({
          key: round.id,
          label: round.name,
          values: values(round.evaluations),
          extra: [
            share(round.evaluations),
            share(round.selfReviews),
            t("analytics:completion.teamReviewsShare", round.teamReviews),
            deadline(round.deadline, round.teamReviews.done < round.teamReviews.due),
          ],
        }))}
      />
      {data.round && data.teams.length > 0 ? (
        <BarChart
          id="completion-teams"
          title={t("analytics:completion.perTeam", { round: data.round.name })}
          groupLabel={t("analytics:hr.team")}
          totalLabel={t("analytics:completion.due")}
          hiddenText={hidden}
          series={series}
          extraColumns={columns}
          rows={data.teams.map((team) => ({
            key: team.teamId,
            label: team.name,
            values: values(team.evaluations),
            extra: [
              share(team.evaluations),
              share(team.selfReviews),
              team.reviewFinished === null
                ? "–"
                : team.reviewFinished
                  ? t("analytics:completion.finishedOn", { date: formatDate(team.finishedAt) })
                  : t("analytics:completion.running"),
              deadline(team.deadline, team.reviewFinished === false),
            ],
          }))}
        >
          <TeamsShownNotice
            shown={data.teams.length}
            all={data.teamsInAll}
            order={t("analytics:completion.teamsOrder")}
          />
        </BarChart>
      ) : null}
    </div>
  );
}

export function StaffFlowView({ data }: { data: StaffFlowAnalytics }) {
  const { t, i18n } = useTranslation();
  const month = new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" });
  const label = (start: string) => {
    const day = new Date(`${start}T00:00:00Z`);
    return data.interval === "quarter"
      ? t("analytics:flow.quarterLabel", { quarter: Math.floor(day.getUTCMonth() / 3) + 1, year: day.getUTCFullYear() })
      : month.format(day);
  };
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  return (
    <div className="max-w-4xl">
      <SmallGroupNotice min={data.min} hidden={data.hidden} />
      {data.rows === null ? (
        <p className="mt-4" data-testid="flow-hidden">
          {t("analytics:flow.hidden")}
        </p>
      ) : (
        <>
          {data.totals ? (
            <p className="mt-4" data-testid="flow-summary">
              {t("analytics:flow.summary", {
                started: data.totals.started,
                left: data.totals.left,
                net: signed(data.totals.started - data.totals.left),
                headcount: data.totals.headcount,
              })}
            </p>
          ) : null}
          <BarChart
            id="flow"
            title={t(`analytics:flow.title.${data.interval}`)}
            groupLabel={t(`analytics:flow.${data.interval}`)}
            hiddenText={t("analytics:smallGroups.hidden")}
            series={[{ key: "headcount", label: t("analytics:flow.headcount"), color: groupColors[0] }]}
            extraColumns={[t("analytics:flow.started"), t("analytics:flow.left"), t("analytics:flow.net")]}
            rows={data.rows.map((row) => ({
              key: row.start,
              label: label(row.start),
              values: [row.headcount],
              extra: [row.started, row.left, signed(row.net)],
            }))}
          />
        </>
      )}
    </div>
  );
}

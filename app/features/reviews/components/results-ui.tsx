import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { scaleColors, type LevelName } from "~/features/criteria/scales";
import { formatAverage } from "../results";
import { personName } from "~/utils/person-name";

/** The route handle of the results, summary, compare and report pages. */
export const resultsHandle = { i18n: ["results", "criteria"] };

export type RoleText = { id: number; key: string; label: string };
export type DimensionText = { dimension: number; name: string };
/** What result-texts.server gives a page: role labels, dimension names and the role thresholds. */
export type ResultTexts = {
  roles: RoleText[];
  dimensions: DimensionText[];
  thresholds: { lowerPercent: number; upperPercent: number; employabilityPercent: number };
};

export function useAverage() {
  const { i18n } = useTranslation();
  return (value: number | null) => formatAverage(value, i18n.language || "nl");
}

/** A score with its level's name and colour swatch (never colour alone). */
export function LevelValue({ score, level }: { score: number | null; level: LevelName | "notRated" | null }) {
  const { t } = useTranslation();
  if (score === null || level === null) return <span className="text-ink-muted">–</span>;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <span
        aria-hidden="true"
        className="inline-block h-3 w-3 rounded-sm"
        style={{ backgroundColor: scaleColors[level] }}
      />
      <span>
        {score} <span className="text-sm">{t(`criteria:levels.${level}`)}</span>
      </span>
    </span>
  );
}

/**
 * A horizontal stacked bar (HTML, no JavaScript): each part's width is its share; each part with
 * people carries its count, and the whole bar is described in words for screen readers.
 */
export function StackedBar({
  parts,
  description,
}: {
  parts: { key: string; label: string; count: number; color: string }[];
  description: string;
}) {
  const total = parts.reduce((sum, p) => sum + p.count, 0);
  return (
    <div role="img" aria-label={description} className="flex h-7 w-full overflow-hidden rounded border bg-white">
      {total > 0
        ? parts
            .filter((p) => p.count > 0)
            .map((p) => (
              <div
                key={p.key}
                title={`${p.label}: ${p.count}`}
                className="flex items-center justify-center border-r border-white text-sm font-semibold text-white last:border-0"
                style={{ width: `${(p.count / total) * 100}%`, backgroundColor: p.color }}
              >
                {p.count}
              </div>
            ))
        : null}
    </div>
  );
}

/** A legend of colours with their names, for the bars. */
export function Legend({ items }: { items: { key: string; label: string; color: string }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-4 text-sm">
      {items.map((i) => (
        <li key={i.key} className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: i.color }} />
          {i.label}
        </li>
      ))}
    </ul>
  );
}

/** Role colours: the scale tokens from high to low, so the roles keep their order in colour too. */
export const roleColors: Record<string, string> = {
  star: scaleColors.excellent,
  potential: scaleColors.good,
  achiever: "#0b5757",
  midfield: scaleColors.normal,
  changeofcareer: scaleColors.low,
  none: "#737373",
};

/** Team and tag filter: a GET form, so it works without JavaScript and can be bookmarked. */
export function ResultsFilter({
  teams,
  tags,
  team,
  tagId,
  keep,
}: {
  teams: { reviewId: string; name: string; isFinished: boolean }[];
  tags: { id: string; name: string }[];
  team: string | null;
  tagId: string | null;
  keep?: Record<string, string | null | undefined>;
}) {
  const { t } = useTranslation();
  const teamOptions = teams.map((r) => ({
    value: r.reviewId,
    label: r.isFinished ? r.name : t("results:filter.notFinishedTeam", { name: r.name }),
  }));
  const selects = [
    { id: "filter-team", name: "team", value: team, all: "allTeams", options: teamOptions },
    {
      id: "filter-tag",
      name: "tag",
      value: tagId,
      all: "allTags",
      options: tags.map((g) => ({ value: g.id, label: g.name })),
    },
  ];
  return (
    <FilterForm
      submitLabel={t("results:filter.submit")}
      keep={keep}
      label={t("results:filter.label")}
      className="no-print mb-4 flex flex-wrap items-end gap-4"
    >
      {selects.map((select) => (
        <FilterSelect
          key={select.id}
          compact
          id={select.id}
          name={select.name}
          label={t(`results:filter.${select.name}`)}
          value={select.value}
          allLabel={t(`results:filter.${select.all}`)}
          options={select.options}
        />
      ))}
    </FilterForm>
  );
}

/** The top of a round's results and summary pages: a link to the other one, the title and the finished note. */
export function RoundPageHeader({
  otherHref,
  otherLabel,
  title,
  finished,
  total,
}: {
  otherHref: string;
  otherLabel: string;
  title: string;
  finished: number;
  total: number;
}) {
  return (
    <>
      <p className="no-print">
        <AppLink href={otherHref}>{otherLabel}</AppLink>
      </p>
      <h1 className="mb-4 mt-2">{title}</h1>
      <FinishedNote finished={finished} total={total} />
    </>
  );
}

/** Says how many team reviews count, or that none is finished yet. */
export function FinishedNote({ finished, total }: { finished: number; total: number }) {
  const { t } = useTranslation();
  if (finished === 0)
    return (
      <p className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-4" data-testid="no-finished">
        {t("results:noneFinished")}
      </p>
    );
  if (finished < total) return <p className="mb-4 text-ink-muted">{t("results:someFinished", { finished, total })}</p>;
  return null;
}

/** The three averages of a person, in dimension order. */
export const averageKeys = ["performance", "potential", "employability"] as const;

/** A person's name and role label on their compare and report pages. */
export function usePersonTexts(
  subject: { firstName: string; lastName: string; developmentRole: number | null },
  roles: RoleText[],
) {
  const { t } = useTranslation();
  return {
    name: personName(subject.firstName, subject.lastName),
    roleLabel: roles.find((r) => r.id === subject.developmentRole)?.label ?? t("results:noRole"),
  };
}

/** Back to the round's results (when the review has a round) and on to the person's other page. */
export function PersonResultLinks({
  review,
  href,
  label,
}: {
  review: { id: string; roundId: string | null };
  href: string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <p className="no-print flex flex-wrap gap-4">
      {review.roundId ? (
        <Link to={`/review/result/${review.roundId}/grid?team=${review.id}`}>{t("results:backToResults")}</Link>
      ) : null}
      <Link to={href}>{label}</Link>
    </p>
  );
}

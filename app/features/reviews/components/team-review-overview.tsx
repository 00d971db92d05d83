import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/ui/filter-form";
import { ListTable } from "~/components/ui/table";

export type OverviewFilter = {
  roundId?: string | null;
  teamId?: string | null;
  teamName?: string | null;
  tagId?: string | null;
  state?: string | null;
};

type Option = { id: string; name: string };

export type OverviewTeamReview = {
  id: string;
  teamName: string;
  leaders: string[];
  state: "notStarted" | "inProgress" | "finished";
  confirmed: boolean;
  started: number;
  complete: number;
  subjects: number;
  isFinished: boolean;
  locked: boolean;
};

export type OverviewRound = {
  id: string;
  name: string;
  deadline: string;
  setId: string | null;
  locked: boolean;
  teamReviews: OverviewTeamReview[];
  teamCount: number;
};

const states = ["notStarted", "inProgress", "finished"] as const;

/** The overview's URL with some query parameters changed (null removes one). */
export function overviewHref(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `/teamreviews/overview${query ? `?${query}` : ""}`;
}

/** Team (a select, or a search above TEAM_SELECT_LIMIT teams), tag and progress state; keeps an open round. */
export function OverviewFilterForm({
  filter,
  teams,
  tags,
}: {
  filter: OverviewFilter;
  teams: Option[] | null;
  tags: Option[];
}) {
  const { t } = useTranslation();
  const options = (list: Option[]) => list.map((o) => ({ value: o.id, label: o.name }));
  const stateOptions = states.map((state) => ({ value: state, label: t(`teamreviews:state.${state}`) }));
  // Above TEAM_SELECT_LIMIT teams there is no team list, and the team filter is a search field.
  const selects = [
    ...(teams
      ? [
          {
            id: "filter-team",
            name: "teamId",
            label: "team",
            value: filter.teamId,
            options: options(teams),
            all: "allTeams",
          },
        ]
      : []),
    { id: "filter-tag", name: "tagId", label: "tag", value: filter.tagId, options: options(tags), all: "allTags" },
    { id: "filter-state", name: "state", label: "state", value: filter.state, options: stateOptions, all: "allStates" },
  ];
  return (
    <FilterForm
      submitLabel={t("teamreviews:overview.filter")}
      keep={{ roundId: filter.roundId }}
      className="mt-4 flex flex-wrap items-end gap-4 rounded bg-white p-4 shadow-sm"
    >
      {teams ? null : (
        <FilterSearch
          id="filter-team-name"
          name="teamName"
          label={t("teamreviews:overview.team")}
          value={filter.teamName}
          hint={t("teamreviews:overview.teamNameHint")}
        />
      )}
      {selects.map((select) => (
        <FilterSelect
          key={select.id}
          id={select.id}
          name={select.name}
          label={t(`teamreviews:overview.${select.label}`)}
          value={select.value}
          options={select.options}
          allLabel={t(`teamreviews:overview.${select.all}`)}
        />
      ))}
    </FilterForm>
  );
}

/**
 * One POST button of the overview (confirm, roll back, lock, unlock) on a round or team review: its text is
 * `teamreviews:overview.${intent}`, its accessible name `${intent}One` with the round's or team's name. The
 * action redirects back to this view.
 */
function IntentButton({
  field,
  id,
  intent,
  name,
  className,
}: {
  field: "reviewId" | "roundId";
  id: string;
  intent: string;
  name: string;
  className: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = t(`teamreviews:overview.${intent}One`, { name });
  return (
    <Form method="post" action={`/teamreviews/overview${location.search}`}>
      <input type="hidden" name={field} value={id} />
      <button type="submit" name="intent" value={intent} className={className} aria-label={label}>
        {t(`teamreviews:overview.${intent}`)}
      </button>
    </Form>
  );
}

/** A round: its name, deadline and links, the lock button for cluster-wide managers, and its team reviews. */
export function OverviewRoundSection({
  round,
  clusterWide,
  roundOpen,
}: {
  round: OverviewRound;
  clusterWide: boolean;
  roundOpen: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const lockIntent = round.locked ? "unlock" : "lock";
  return (
    <section aria-labelledby={`round-${round.id}`} className="mt-6 rounded bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id={`round-${round.id}`}>{round.name}</h2>
          <p className="text-sm">
            {t("teamreviews:overview.deadline", { date: round.deadline })}
            {" · "}
            {t(round.locked ? "teamreviews:overview.locked" : "teamreviews:overview.unlocked")}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <AppLink href={`/review/result/${round.id}`}>{t("teamreviews:overview.results")}</AppLink>
          <AppLink href={`/review/summary/${round.id}`}>{t("teamreviews:overview.summary")}</AppLink>
          {round.setId ? (
            <AppLink href={`/review/create/teamreview/invite/set/${round.setId}?round=${round.id}`}>
              {t("teamreviews:overview.invite")}
            </AppLink>
          ) : null}
          {clusterWide ? (
            <IntentButton
              field="roundId"
              id={round.id}
              intent={lockIntent}
              name={round.name}
              className="rounded border border-gray-400 px-3 py-1"
            />
          ) : null}
        </div>
      </div>
      <ListTable
        className="mt-4 w-full text-left"
        caption={t("teamreviews:overview.tableCaption", { name: round.name })}
        columns={[
          { label: t("teamreviews:overview.team") },
          { label: t("teamreviews:overview.leaders") },
          { label: t("teamreviews:overview.state") },
          { label: t("teamreviews:overview.started") },
          { label: t("teamreviews:overview.complete") },
          { label: t("teamreviews:overview.actions"), hidden: true },
        ]}
      >
        {round.teamReviews.map((review) => (
          <TeamReviewRow key={review.id} review={review} clusterWide={clusterWide} />
        ))}
      </ListTable>
      {!roundOpen && round.teamCount > round.teamReviews.length ? (
        <p className="mt-2">
          <AppLink href={overviewHref(location.search, { roundId: round.id, page: null })}>
            {t("teamreviews:overview.allTeamsOfRound", { count: round.teamCount, name: round.name })}
          </AppLink>
        </p>
      ) : null}
    </section>
  );
}

function TeamReviewRow({ review, clusterWide }: { review: OverviewTeamReview; clusterWide: boolean }) {
  const { t } = useTranslation();
  const intents = review.confirmed ? (["rollback"] as const) : (["confirm", "rollback"] as const);
  return (
    <tr className="border-b last:border-0" data-testid={`team-review-${review.teamName}`}>
      <td className="p-2">
        <AppLink href={`/review/evaluation/${review.id}`}>{review.teamName}</AppLink>
      </td>
      <td className="p-2">{review.leaders.join(", ")}</td>
      <td className="p-2">
        {t(`teamreviews:state.${review.state}`)}
        {review.confirmed ? (
          <span className="ml-1 text-sm text-ink-muted">({t("teamreviews:overview.confirmed")})</span>
        ) : null}
      </td>
      <td className="p-2">{t("teamreviews:overview.ofSubjects", { n: review.started, total: review.subjects })}</td>
      <td className="p-2">{t("teamreviews:overview.ofSubjects", { n: review.complete, total: review.subjects })}</td>
      <td className="p-2 text-right">
        {clusterWide && review.isFinished && !review.locked ? (
          <div className="flex justify-end gap-2">
            {intents.map((intent) => (
              <IntentButton
                key={intent}
                field="reviewId"
                id={review.id}
                intent={intent}
                name={review.teamName}
                className="underline"
              />
            ))}
          </div>
        ) : null}
      </td>
    </tr>
  );
}

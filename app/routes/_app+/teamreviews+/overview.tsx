import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { Pager } from "~/components/ui/pager";
import { creatableTeams } from "~/features/reviews/team-review-create.server";
import { overviewFilterSchema } from "~/features/reviews/team-review-create.schema";
import { listTeamReviewOverview } from "~/features/reviews/team-review-overview.server";
import {
  confirmCompletion,
  rollbackCompletion,
  setRoundLocked,
  type StateResult,
} from "~/features/reviews/review-state.server";
import { managesAllReviews } from "~/features/reviews/review-access.server";
import { listTagOptions } from "~/features/tags/tags.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";
import { TEAM_SELECT_LIMIT } from "~/features/employees/list-sizes";

export const handle = { i18n: ["teamreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  const filter = overviewFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const t = await getServerT(request);
  const [overview, teams, tags] = await Promise.all([
    listTeamReviewOverview(ctx, filter),
    // One more than the limit tells whether the filter can be a select.
    creatableTeams(ctx, { upTo: TEAM_SELECT_LIMIT + 1 }),
    listTagOptions(ctx),
  ]);
  return {
    title: pageTitle(t, "teamreviews:overview.title"),
    filter,
    clusterWide: managesAllReviews(ctx),
    // Above TEAM_SELECT_LIMIT teams the team filter is a search field (docs/decisions/0254).
    teams: teams.length <= TEAM_SELECT_LIMIT ? teams : null,
    tags: tags.map((tag) => ({ id: tag.id, name: tag.name })),
    total: overview.total,
    page: overview.page,
    pageSize: overview.pageSize,
    rounds: overview.rounds.map((r) => ({
      id: r.id,
      name: r.name,
      deadline: formatDate(r.deadline),
      setId: r.setId,
      locked: r.locked,
      teamReviews: r.teamReviews,
      teamCount: r.teamCount,
    })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["confirm", "rollback"]), reviewId: z.uuid() }),
  z.object({ intent: z.enum(["lock", "unlock"]), roundId: z.uuid() }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
  const input = parsed.data;
  let result: StateResult = { ok: true };
  if ("reviewId" in input)
    result =
      input.intent === "confirm"
        ? await confirmCompletion(ctx, input.reviewId)
        : await rollbackCompletion(ctx, input.reviewId);
  else await setRoundLocked(ctx, input.roundId, input.intent === "lock");
  const back = `/teamreviews/overview${new URL(request.url).search}`;
  const toast = result.ok
    ? { key: `teamreviews:overview.${input.intent}Done` }
    : { type: "error" as const, key: `teamreviews:overview.errors.${result.code}` };
  return redirect(back, { headers: { "Set-Cookie": await createToastHeader(toast) } });
}

export default function TeamReviewsOverviewPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { filter, clusterWide, teams, tags, rounds, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1>{t("teamreviews:overview.title")}</h1>
        <AppLink
          href="/review/create/teamreview"
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline"
        >
          {t("teamreviews:overview.new")}
        </AppLink>
      </div>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4 rounded bg-white p-4 shadow-sm">
        {filter.roundId ? <input type="hidden" name="roundId" value={filter.roundId} /> : null}
        {teams ? (
          <div>
            <label htmlFor="filter-team" className="block font-medium">
              {t("teamreviews:overview.team")}
            </label>
            <select
              id="filter-team"
              name="teamId"
              defaultValue={filter.teamId ?? ""}
              className="mt-1 rounded border border-gray-400 bg-white px-3 py-2"
            >
              <option value="">{t("teamreviews:overview.allTeams")}</option>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div>
            <label htmlFor="filter-team-name" className="block font-medium">
              {t("teamreviews:overview.team")}
            </label>
            <input
              id="filter-team-name"
              name="teamName"
              type="search"
              defaultValue={filter.teamName ?? ""}
              aria-describedby="filter-team-name-hint"
              className="mt-1 rounded border border-gray-400 bg-white px-3 py-2"
            />
            <span id="filter-team-name-hint" className="block text-sm text-ink-muted">
              {t("teamreviews:overview.teamNameHint")}
            </span>
          </div>
        )}
        <div>
          <label htmlFor="filter-tag" className="block font-medium">
            {t("teamreviews:overview.tag")}
          </label>
          <select
            id="filter-tag"
            name="tagId"
            defaultValue={filter.tagId ?? ""}
            className="mt-1 rounded border border-gray-400 bg-white px-3 py-2"
          >
            <option value="">{t("teamreviews:overview.allTags")}</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-state" className="block font-medium">
            {t("teamreviews:overview.state")}
          </label>
          <select
            id="filter-state"
            name="state"
            defaultValue={filter.state ?? ""}
            className="mt-1 rounded border border-gray-400 bg-white px-3 py-2"
          >
            <option value="">{t("teamreviews:overview.allStates")}</option>
            {(["notStarted", "inProgress", "finished"] as const).map((state) => (
              <option key={state} value={state}>
                {t(`teamreviews:state.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded border border-gray-400 bg-white px-4 py-2 font-medium">
          {t("teamreviews:overview.filter")}
        </button>
      </Form>

      {filter.roundId ? (
        <p className="mt-4">
          <AppLink href={overviewHref(location.search, { roundId: null, page: null })}>
            {t("teamreviews:overview.allRounds")}
          </AppLink>
        </p>
      ) : null}
      {rounds.length === 0 ? (
        <p className="mt-6">
          {t(
            filter.teamId || filter.teamName || filter.tagId || filter.state
              ? "teamreviews:overview.noMatches"
              : "teamreviews:overview.empty",
          )}
        </p>
      ) : (
        rounds.map((round) => (
          <section key={round.id} aria-labelledby={`round-${round.id}`} className="mt-6 rounded bg-white p-4 shadow-sm">
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
                  <Form method="post" action={`/teamreviews/overview${location.search}`}>
                    <input type="hidden" name="roundId" value={round.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={round.locked ? "unlock" : "lock"}
                      className="rounded border border-gray-400 px-3 py-1"
                      aria-label={t(round.locked ? "teamreviews:overview.unlockOne" : "teamreviews:overview.lockOne", {
                        name: round.name,
                      })}
                    >
                      {t(round.locked ? "teamreviews:overview.unlock" : "teamreviews:overview.lock")}
                    </button>
                  </Form>
                ) : null}
              </div>
            </div>
            <table className="mt-4 w-full text-left">
              <caption className="sr-only">{t("teamreviews:overview.tableCaption", { name: round.name })}</caption>
              <thead className="sticky top-0 bg-white">
                <tr className="border-b">
                  <th scope="col" className="p-2">
                    {t("teamreviews:overview.team")}
                  </th>
                  <th scope="col" className="p-2">
                    {t("teamreviews:overview.leaders")}
                  </th>
                  <th scope="col" className="p-2">
                    {t("teamreviews:overview.state")}
                  </th>
                  <th scope="col" className="p-2">
                    {t("teamreviews:overview.started")}
                  </th>
                  <th scope="col" className="p-2">
                    {t("teamreviews:overview.complete")}
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">{t("teamreviews:overview.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {round.teamReviews.map((review) => (
                  <tr key={review.id} className="border-b last:border-0" data-testid={`team-review-${review.teamName}`}>
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
                    <td className="p-2">
                      {t("teamreviews:overview.ofSubjects", { n: review.started, total: review.subjects })}
                    </td>
                    <td className="p-2">
                      {t("teamreviews:overview.ofSubjects", { n: review.complete, total: review.subjects })}
                    </td>
                    <td className="p-2 text-right">
                      {clusterWide && review.isFinished && !review.locked ? (
                        <div className="flex justify-end gap-2">
                          {review.confirmed ? null : (
                            <Form method="post" action={`/teamreviews/overview${location.search}`}>
                              <input type="hidden" name="reviewId" value={review.id} />
                              <button
                                type="submit"
                                name="intent"
                                value="confirm"
                                className="underline"
                                aria-label={t("teamreviews:overview.confirmOne", { name: review.teamName })}
                              >
                                {t("teamreviews:overview.confirm")}
                              </button>
                            </Form>
                          )}
                          <Form method="post" action={`/teamreviews/overview${location.search}`}>
                            <input type="hidden" name="reviewId" value={review.id} />
                            <button
                              type="submit"
                              name="intent"
                              value="rollback"
                              className="underline"
                              aria-label={t("teamreviews:overview.rollbackOne", { name: review.teamName })}
                            >
                              {t("teamreviews:overview.rollback")}
                            </button>
                          </Form>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {!filter.roundId && round.teamCount > round.teamReviews.length ? (
              <p className="mt-2">
                <AppLink href={overviewHref(location.search, { roundId: round.id, page: null })}>
                  {t("teamreviews:overview.allTeamsOfRound", { count: round.teamCount, name: round.name })}
                </AppLink>
              </p>
            ) : null}
          </section>
        ))
      )}
      <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
    </>
  );
}

/** The overview's URL with some query parameters changed (null removes one). */
function overviewHref(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `/teamreviews/overview${query ? `?${query}` : ""}`;
}

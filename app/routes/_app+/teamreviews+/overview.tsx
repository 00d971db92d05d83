import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { Pager } from "~/components/ui/pager";
import { PageHeader } from "~/components/ui/table";
import {
  OverviewFilterForm,
  OverviewRoundSection,
  overviewHref,
} from "~/features/reviews/components/team-review-overview";
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
import { redirectWithToast } from "~/utils/toast.server";
import { TEAM_SELECT_LIMIT } from "~/features/employees/list-sizes";
import { readForm } from "~/utils/read-form.server";

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
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
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
  return redirectWithToast(back, toast);
}

export default function TeamReviewsOverviewPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { filter, clusterWide, teams, tags, rounds, total, page, pageSize } = useLoaderData<typeof loader>();
  const filtered = filter.teamId || filter.teamName || filter.tagId || filter.state;
  return (
    <>
      <PageHeader title={t("teamreviews:overview.title")}>
        <AppLink
          href="/review/create/teamreview"
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline"
        >
          {t("teamreviews:overview.new")}
        </AppLink>
      </PageHeader>
      <OverviewFilterForm filter={filter} teams={teams} tags={tags} />
      {filter.roundId ? (
        <p className="mt-4">
          <AppLink href={overviewHref(location.search, { roundId: null, page: null })}>
            {t("teamreviews:overview.allRounds")}
          </AppLink>
        </p>
      ) : null}
      {rounds.length === 0 ? (
        <p className="mt-6">{t(filtered ? "teamreviews:overview.noMatches" : "teamreviews:overview.empty")}</p>
      ) : (
        rounds.map((round) => (
          <OverviewRoundSection
            key={round.id}
            round={round}
            clusterWide={clusterWide}
            roundOpen={Boolean(filter.roundId)}
          />
        ))
      )}
      <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
    </>
  );
}

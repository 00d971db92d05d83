import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import {
  createPeerReviewFromApi,
  listPeerReviewsForApi,
  peerReviewApiSchema,
} from "~/features/peer-reviews/peer-review-api.server";
import { teamReviewApiSchema } from "~/features/reviews/team-review-create.schema";
import { createTeamReview } from "~/features/reviews/round-create.server";
import {
  createSelfReviewFromApi,
  listSelfReviewsForApi,
  selfReviewApiSchema,
} from "~/features/reviews/self-review-api.server";
import { listTeamReviewOverview, softDeleteRounds } from "~/features/reviews/team-review-overview.server";
import { requireRightForApi, requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, jsonNotFound, methodNotAllowed, parseApiPaging } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import { readJsonBody } from "~/utils/json-body.server";
import { can, type TenantContext } from "~/utils/tenant.server";

/** Team reviews (teamReviews.manage, team-review) and self reviews (selfReviews.manage, self-review): 403 without either. */
async function requireReviewsApi(request: Request) {
  const ctx = await requireUserForApi(request);
  const may = (
    right: "teamReviews.manage" | "selfReviews.manage" | "reviews.manage",
    module: "team-review" | "self-review" | "peer-review",
  ) => can(ctx, right) && ctx.modules.has(module);
  const access = {
    ctx,
    team: may("teamReviews.manage", "team-review"),
    self: may("selfReviews.manage", "self-review"),
    peer: may("reviews.manage", "peer-review"),
  };
  if (!access.team && !access.self && !access.peer) throw jsonError(403, "forbidden", "You may not do this.");
  return access;
}

const forbidden = () => jsonError(403, "forbidden", "You may not do this.");

/**
 * GET api/reviews (spec §7): the rounds in scope, newest first, with each team review's progress, and
 * the self reviews ctx manages (`selfReviews`, docs/decisions/0950) and the peer rounds (`peerReviews`,
 * 1021); each part only with its right.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, team, self, peer } = await requireReviewsApi(request);
  const { page, pageSize } = parseApiPaging(new URL(request.url), { pageSize: 100, maxPageSize: 100 });
  const overview = team
    ? await listTeamReviewOverview(ctx, { page, pageSize })
    : { page, pageSize, total: 0, rounds: [] };
  return Response.json({
    page: overview.page,
    pageSize: overview.pageSize,
    total: overview.total,
    selfReviews: self ? await listSelfReviewsForApi(ctx) : [],
    peerReviews: peer ? await listPeerReviewsForApi(ctx) : [],
    reviews: overview.rounds.map((r) => ({
      id: r.id,
      type: "team-summary",
      name: r.name,
      deadline: r.deadline,
      locked: r.locked,
      setId: r.setId,
      teamReviews: r.teamReviews.map((tr) => ({
        id: tr.id,
        type: "team",
        teamId: tr.teamId,
        teamName: tr.teamName,
        leaders: tr.leaders,
        progress: tr.state,
        subjects: tr.subjects,
        started: tr.started,
        complete: tr.complete,
        confirmed: tr.confirmed,
        isFinished: tr.isFinished ? 1 : 0,
        locked: tr.locked,
      })),
    })),
  });
}

const deleteSchema = z.object({ reviews: z.array(lineText()).min(1).max(200) });
const uuid = z.uuid();

/** A body with `type: "self"` creates a self review, `type: "peer"` a peer round; any other (or none) a team review round. */
const postSchema = z.preprocess(
  (v) =>
    v &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    ["self", "peer"].includes((v as { type?: unknown }).type as string)
      ? v
      : { ...(v as object), type: "team" },
  z.discriminatedUnion("type", [
    selfReviewApiSchema,
    peerReviewApiSchema,
    teamReviewApiSchema.extend({ type: z.literal("team") }),
  ]),
);

/**
 * POST api/reviews creates a team review round, a self review (type self, docs/decisions/0950) or a peer
 * round (type peer, 1204);
 * DELETE /api/reviews soft-deletes rounds.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const ctx = await requireRightForApi(request, "teamReviews.manage", "team-review");
    const body = await readJsonBody(request, deleteSchema);
    return answerJson(async () => Response.json({ deleted: await softDeleteRounds(ctx, body.reviews) }));
  }
  const { ctx, team, self, peer } = await requireReviewsApi(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST", "DELETE"]);

  const body = await readJsonBody(request, postSchema);
  if (body.type === "self") {
    if (!self) return forbidden();
    return answerJson(() => createSelfReviewFromApi(request, ctx, body));
  }
  if (body.type === "peer") {
    if (!peer) return forbidden();
    return answerJson(() => createPeerReviewFromApi(request, ctx, body));
  }
  if (!team) return forbidden();
  return createRound(request, ctx, body);
}

async function createRound(request: Request, ctx: TenantContext, body: z.infer<typeof teamReviewApiSchema>) {
  const t = await getServerT(request);
  if (body.teams.length === 0) return jsonError(422, "teamsRequired", t("teamreviews:errors.teamsRequired"));
  const ids = [...body.teams, ...body.tags, ...body.leaders, ...body.members];
  if (ids.some((id) => !uuid.safeParse(id).success)) return jsonNotFound();
  return answerJson(async () => {
    const result = await createTeamReview(ctx, {
      name: body.name,
      deadline: body.deadline,
      teamIds: body.teams,
      tagIds: body.tags,
      setId: body.set && uuid.safeParse(body.set).success ? body.set : null,
      leaderIds: body.leaders,
      memberIds: body.members,
    });
    if (!result.ok) {
      const key = {
        noLeaders: "teamreviews:errors.noLeaders",
        noMembers: "teamreviews:errors.noMembers",
        setRequired: "teamreviews:errors.setRequired",
        deadlinePast: "teamreviews:errors.deadlinePast",
        date: "validation:date",
        failed: "teamreviews:errors.createFailed",
      }[result.code];
      return Response.json(
        { error: result.code, message: t(key, { name: t("teamreviews:create.deadline") }), code: result.code },
        { status: result.code === "failed" ? 500 : 422 },
      );
    }
    return Response.json({ id: result.roundId }, { status: 201 });
  });
}

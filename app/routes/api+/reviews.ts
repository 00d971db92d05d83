import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { createPeerReviewFromApi, peerReviewApiSchema } from "~/features/peer-reviews/peer-review-api.server";
import { teamReviewApiSchema } from "~/features/reviews/team-review-create.schema";
import { createTeamReview } from "~/features/reviews/round-create.server";
import { createSelfReviewFromApi, selfReviewApiSchema } from "~/features/reviews/self-review-api.server";
import { softDeleteRounds } from "~/features/reviews/team-review-overview.server";
import { mayUseReviewsApi, reviewApiAccess } from "~/features/reviews/review-api-access.server";
import { listReviewsForApi } from "~/features/reviews/review-api.server";
import { requireRightForApi, requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, jsonNotFound, methodNotAllowed, parseApiPaging } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import { readJsonBody } from "~/utils/json-body.server";
import type { ModuleKey } from "~/utils/modules";
import { can, type TenantContext } from "~/utils/tenant.server";

/** The review types ctx may use through the API; 403 without any (docs/decisions/1660). */
async function requireReviewsApi(request: Request) {
  const ctx = await requireUserForApi(request);
  const access = reviewApiAccess(ctx);
  if (!mayUseReviewsApi(access)) throw forbidden();
  return { ctx, access };
}

const forbidden = () => jsonError(403, "forbidden", "You may not do this.");

/**
 * GET api/reviews (spec §3, §7): one paged list of every review ctx may open — rounds (team-summary),
 * team, self and peer reviews — newest first (docs/decisions/1660).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, access } = await requireReviewsApi(request);
  const paging = parseApiPaging(new URL(request.url), { pageSize: 50, maxPageSize: 100 });
  return Response.json(await listReviewsForApi(ctx, access, paging));
}

const deleteSchema = z.object({ reviews: z.array(lineText()).min(1).max(200) });
const uuid = z.uuid();

/**
 * A body without a type creates a self review (spec §9: the default type is self); `type: "peer"` a peer
 * round, `type: "team"` (or "team-summary", as the list names a round) a team review round.
 */
const postSchema = z.preprocess(
  (v) =>
    v && typeof v === "object" && !Array.isArray(v) && (v as { type?: unknown }).type === undefined
      ? { ...v, type: "self" }
      : v,
  z.discriminatedUnion("type", [
    selfReviewApiSchema,
    peerReviewApiSchema,
    teamReviewApiSchema.extend({ type: z.enum(["team", "team-summary"]) }),
  ]),
);

/**
 * POST api/reviews creates a self review (no type, or type self: docs/decisions/0950, 1660), a peer round
 * (type peer, 1204) or a team review round (type team);
 * DELETE /api/reviews soft-deletes rounds.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const ctx = await requireRightForApi(request, "teamReviews.manage", "team-review");
    const body = await readJsonBody(request, deleteSchema);
    return answerJson(async () => Response.json({ deleted: await softDeleteRounds(ctx, body.reviews) }));
  }
  const { ctx } = await requireReviewsApi(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST", "DELETE"]);

  // Creating needs the right of the page that creates: teamReviews.manage for a round.
  const may = (right: "teamReviews.manage" | "selfReviews.manage" | "reviews.manage", module: ModuleKey) =>
    can(ctx, right) && ctx.modules.has(module);
  const body = await readJsonBody(request, postSchema);
  if (body.type === "self") {
    if (!may("selfReviews.manage", "self-review")) return forbidden();
    return answerJson(() => createSelfReviewFromApi(request, ctx, body));
  }
  if (body.type === "peer") {
    if (!may("reviews.manage", "peer-review")) return forbidden();
    return answerJson(() => createPeerReviewFromApi(request, ctx, body));
  }
  if (!may("teamReviews.manage", "team-review")) return forbidden();
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

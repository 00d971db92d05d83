import { jsonError, jsonNotFound } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import { isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { createRefusal } from "./review-round-api.server";
import { createTeamReview } from "./round-create.server";
import type { TeamReviewApiBody } from "./team-review-create.schema";
import { teamReviewCandidates } from "./team-review-create.server";

const errorKeys = {
  noLeaders: "teamreviews:errors.noLeaders",
  noMembers: "teamreviews:errors.noMembers",
  setRequired: "teamreviews:errors.setRequired",
  deadlinePast: "teamreviews:errors.deadlinePast",
  date: "validation:date",
  failed: "teamreviews:errors.createFailed",
} as const;

/**
 * POST api/reviews with type team: a team review round through the wizard's service. 201 `{ id }`; a broken
 * rule a 422 `{ error, message, code }` in the caller's language (a failed write 409/503, `createRefusal`); ids that are not uuids or of another
 * tenant a 404 before any rule is judged (as the self and peer rounds, review-round-api.server.ts).
 */
export async function createTeamReviewFromApi(request: Request, ctx: TenantContext, body: TeamReviewApiBody) {
  const t = await getServerT(request);
  if (body.teams.length === 0) return jsonError(422, "teamsRequired", t("teamreviews:errors.teamsRequired"));
  const ids = [...body.teams, ...body.tags, ...body.leaders, ...body.members];
  if (!ids.every(isUuid) || (body.set && !isUuid(body.set))) return jsonNotFound();
  // Foreign teams and tags are a 404 (thrown), not the wizard's "choose a set".
  await teamReviewCandidates(ctx, { teamIds: body.teams, tagIds: body.tags });
  const result = await createTeamReview(ctx, {
    name: body.name,
    deadline: body.deadline,
    teamIds: body.teams,
    tagIds: body.tags,
    setId: body.set ?? null,
    leaderIds: body.leaders,
    memberIds: body.members,
  });
  if (!result.ok) {
    const message = t(errorKeys[result.code], { name: t("teamreviews:create.deadline") });
    return createRefusal(result.code, message, result.status);
  }
  return Response.json({ id: result.roundId }, { status: 201 });
}

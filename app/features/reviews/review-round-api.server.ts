import { jsonNotFound } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import { isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { CreateSelfReviewInput } from "./self-review-create.server";
import { teamReviewCandidates, usableSets } from "./team-review-create.server";

type RoundBody = {
  name: string;
  deadline: string;
  teams: string[];
  tags: string[];
  memberships: string[];
  criteria: string[];
  set?: string | null;
};
/** What a self or peer round's create service takes: the self round's input, which the peer round shares. */
type RoundInput = CreateSelfReviewInput;

/**
 * A refused review creation in the API's error shape `{ error, message, code }`: a broken rule is 422; a write
 * that failed past its checks (`failed`) its own status, 409 for a conflict with the data, 503 otherwise
 * (decision 1840), never a 500.
 */
export function createRefusal(code: string, message: string, status?: number): Response {
  return Response.json({ error: code, message, code }, { status: code === "failed" ? (status ?? 503) : 422 });
}

/**
 * POST api/reviews for a self or peer round (decisions 0950, 1204), through the page's own create service
 * (one transaction): 201 `{ id }`; a broken rule a 422 `{ error, message, code }` in the caller's language
 * (a failed write: 409 or 503, never 500, `createRefusal`); ids that are not uuids, of another tenant, or memberships that are not members of the
 * chosen teams a 404, nothing written. Without a set, the cluster's only active set is used.
 */
export async function createRoundFromApi<Code extends string>(
  request: Request,
  ctx: TenantContext,
  body: RoundBody,
  round: {
    errorKeys: Record<Code | "teamsRequired", string>;
    create: (
      ctx: TenantContext,
      input: RoundInput,
    ) => Promise<{ ok: true; reviewId: string } | { ok: false; code: Code; status?: number }>;
  },
): Promise<Response> {
  const t = await getServerT(request);
  const refuse = (code: Code | "teamsRequired", status?: number) =>
    createRefusal(code, t(round.errorKeys[code], { name: t("teamreviews:create.deadline") }), status);
  if (body.teams.length === 0) return refuse("teamsRequired");
  const ids = [...body.teams, ...body.tags, ...body.memberships, ...body.criteria];
  if (ids.some((id) => !isUuid(id)) || (body.set && !isUuid(body.set))) return jsonNotFound();
  // Foreign teams and tags are a 404 (thrown by teamReviewCandidates); so is a membership outside them.
  const candidates = await teamReviewCandidates(ctx, { teamIds: body.teams, tagIds: body.tags });
  const members = new Set(candidates.members.map((m) => m.membershipId));
  if (body.memberships.some((id) => !members.has(id))) return jsonNotFound();
  let setId = body.set ?? "";
  if (!setId) {
    const sets = await usableSets(ctx);
    if (sets.length === 1) setId = sets[0].id;
  }
  const result = await round.create(ctx, {
    name: body.name,
    deadline: body.deadline,
    teamIds: body.teams,
    tagIds: body.tags,
    setId,
    participantIds: body.memberships,
    criterionIds: body.criteria,
  });
  if (!result.ok) return refuse(result.code, result.status);
  return Response.json({ id: result.reviewId }, { status: 201 });
}

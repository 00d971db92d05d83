import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { teamReviewApiSchema } from "~/features/reviews/team-review-create.schema";
import { createTeamReview } from "~/features/reviews/round-create.server";
import { listTeamReviewOverview, softDeleteRounds } from "~/features/reviews/team-review-overview.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, jsonNotFound, methodNotAllowed, parseApiPaging } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import { readJsonBody } from "~/utils/json-body.server";

/** GET api/reviews (spec §7): the rounds in scope, newest first, with each team review's progress. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "teamReviews.manage", "team-review");
  const { page, pageSize } = parseApiPaging(new URL(request.url), { pageSize: 100, maxPageSize: 100 });
  const overview = await listTeamReviewOverview(ctx, { page, pageSize });
  return Response.json({
    page: overview.page,
    pageSize: overview.pageSize,
    total: overview.total,
    reviews: overview.rounds.map((r) => ({
      id: r.id,
      name: r.name,
      deadline: r.deadline,
      locked: r.locked,
      setId: r.setId,
      teamReviews: r.teamReviews.map((tr) => ({
        id: tr.id,
        teamId: tr.teamId,
        teamName: tr.teamName,
        leaders: tr.leaders,
        progress: tr.state,
        subjects: tr.subjects,
        started: tr.started,
        complete: tr.complete,
        confirmed: tr.confirmed,
      })),
    })),
  });
}

const deleteSchema = z.object({ reviews: z.array(z.string()).min(1).max(200) });
const uuid = z.uuid();

/** POST api/reviews creates a team review round; DELETE /api/reviews soft-deletes rounds. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "teamReviews.manage", "team-review");
  if (request.method === "DELETE") {
    const body = await readJsonBody(request, deleteSchema);
    return answerJson(async () => Response.json({ deleted: await softDeleteRounds(ctx, body.reviews) }));
  }
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST", "DELETE"]);

  const body = await readJsonBody(request, teamReviewApiSchema);
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

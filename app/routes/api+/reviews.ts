import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { jsonNotFound, readJsonBody, requireTeamReviewModuleForApi } from "~/features/reviews/team-review-api.server";
import { teamReviewApiSchema } from "~/features/reviews/team-review-create.schema";
import { createTeamReview } from "~/features/reviews/team-review-create.server";
import { listTeamReviewOverview, softDeleteRounds } from "~/features/reviews/team-review-overview.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { getServerT } from "~/utils/i18n.server";

/** GET api/reviews (spec §7): the rounds in scope, newest first, with each team review's progress. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "teamReviews.manage");
  requireTeamReviewModuleForApi(ctx);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const overview = await listTeamReviewOverview(ctx, { page, pageSize: 100 });
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

const deleteSchema = z.object({ reviews: z.array(z.string()).min(1) });

/** POST api/reviews creates a team review round; DELETE /api/reviews soft-deletes rounds. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "teamReviews.manage");
  requireTeamReviewModuleForApi(ctx);
  const t = await getServerT(request);
  if (request.method !== "POST" && request.method !== "DELETE")
    return Response.json({ message: "Method not allowed" }, { status: 405 });
  const read = await readJsonBody(request);
  if (!read.ok) return Response.json({ message: t("teamreviews:api.invalidBody") }, { status: 422 });

  if (request.method === "DELETE") {
    const parsed = deleteSchema.safeParse(read.body);
    if (!parsed.success) return Response.json({ message: t("teamreviews:api.reviewsRequired") }, { status: 422 });
    return jsonNotFound(async () => {
      const deleted = await softDeleteRounds(ctx, parsed.data.reviews);
      return Response.json({ deleted });
    });
  }

  const parsed = teamReviewApiSchema.safeParse(read.body);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    return Response.json({ message: t("teamreviews:api.invalidField", { field }) }, { status: 422 });
  }
  const body = parsed.data;
  if (body.teams.length === 0)
    return Response.json({ message: t("teamreviews:errors.teamsRequired") }, { status: 422 });
  const uuid = z.uuid();
  const ids = [...body.teams, ...body.tags, ...body.leaders, ...body.members];
  if (ids.some((id) => !uuid.safeParse(id).success)) return Response.json({ message: "Not found" }, { status: 404 });
  return jsonNotFound(async () => {
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
        { message: t(key, { name: t("teamreviews:create.deadline") }), code: result.code },
        { status: result.code === "failed" ? 500 : 422 },
      );
    }
    return Response.json({ id: result.roundId }, { status: 201 });
  });
}

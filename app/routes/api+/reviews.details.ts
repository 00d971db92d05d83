import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { jsonNotFound, readJsonBody, requireTeamReviewModuleForApi } from "~/features/reviews/team-review-api.server";
import { roundDetails } from "~/features/reviews/team-review-overview.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { getServerT } from "~/utils/i18n.server";

const bodySchema = z.object({ reviews: z.array(z.string()).min(1).max(200) });

/** POST api/reviews/details with { reviews: [roundIds] }: name, deadline, teams and progress per round. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "teamReviews.manage");
  requireTeamReviewModuleForApi(ctx);
  if (request.method !== "POST") return Response.json({ message: "Method not allowed" }, { status: 405 });
  const t = await getServerT(request);
  const read = await readJsonBody(request);
  const parsed = read.ok ? bodySchema.safeParse(read.body) : null;
  if (!parsed?.success) return Response.json({ message: t("teamreviews:api.reviewsRequired") }, { status: 422 });
  return jsonNotFound(async () => Response.json({ reviews: await roundDetails(ctx, parsed.data.reviews) }));
}

export async function loader() {
  return Response.json({ message: "Method not allowed" }, { status: 405 });
}

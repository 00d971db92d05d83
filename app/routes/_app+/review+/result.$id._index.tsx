import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { resolveResultsId } from "~/features/reviews/round-results.server";
import { requireModule } from "~/utils/tenant.server";

/** Spec §2: review/result/{id} opens the grid; a team review id opens its round with that team chosen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const { round, teamReviewId } = await resolveResultsId(ctx, params.id ?? "");
  const search = new URL(request.url).searchParams;
  const tab = search.get("tab") === "table" ? "table" : "grid";
  search.delete("tab");
  if (teamReviewId) search.set("team", teamReviewId);
  const query = search.toString();
  return redirect(`/review/result/${round.id}/${tab}${query ? `?${query}` : ""}`);
}

export { default } from "~/components/redirect-route";

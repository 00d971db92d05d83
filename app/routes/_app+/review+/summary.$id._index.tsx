import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { resolveResultsId } from "~/features/reviews/round-results.server";
import { requireModule } from "~/utils/tenant.server";

/** Spec §2: review/summary/{id} opens the grid tab; a team review id opens its round's summary. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const { round } = await resolveResultsId(ctx, params.id ?? "");
  const tab = new URL(request.url).searchParams.get("tab") === "levels" ? "levels" : "grid";
  return redirect(`/review/summary/${round.id}/${tab}`);
}

export { default } from "~/components/redirect-route";

import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireReview } from "~/features/reviews/review-access.server";
import { requireModule } from "~/utils/tenant.server";

const tabs = ["details", "participants", "results"];

/** review/selfreview/{id} opens the details tab (spec §2), or the tab the small-screen select chose. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  const review = await requireReview(ctx, params.id ?? "", "self");
  const tab = new URL(request.url).searchParams.get("tab") ?? "";
  return redirect(`/review/selfreview/${review.id}/${tabs.includes(tab) ? tab : "details"}`);
}

export { default } from "~/components/redirect-route";

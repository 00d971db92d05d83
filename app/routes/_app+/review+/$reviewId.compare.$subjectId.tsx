import type { LoaderFunctionArgs } from "@remix-run/node";
import { compareHandle, compareMeta, ComparePage } from "~/features/reviews/components/compare-page";
import { compareLoader } from "~/features/reviews/compare-route.server";
import { requireModule } from "~/utils/tenant.server";

// One of the three compare URLs of spec §2; they render the same page (docs/decisions/0530).
export const handle = compareHandle;
export const meta = compareMeta;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = await requireModule(args.request, "team-review", "reviews.manage");
  return compareLoader(args, ctx);
}

export default ComparePage;

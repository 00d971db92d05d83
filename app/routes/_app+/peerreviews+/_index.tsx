import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireModule } from "~/utils/tenant.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "peer-review", "reviews.manage");
  return redirect("/peerreviews/overview");
}

export { default } from "~/components/redirect-route";

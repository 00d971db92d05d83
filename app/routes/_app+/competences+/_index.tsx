import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireModule } from "~/utils/tenant.server";

/** /competences leads to the matrix (everyone with competences.read sees it). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "competences", "competences.read");
  return redirect("/competences/matrix");
}

export { default } from "~/components/redirect-route";

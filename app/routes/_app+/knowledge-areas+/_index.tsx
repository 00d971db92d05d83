import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireModule } from "~/utils/tenant.server";

/** /knowledge-areas has no page of its own: the teams' knowledge cards. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  return redirect("/knowledge-areas/teams");
}

export { default } from "~/components/redirect-route";

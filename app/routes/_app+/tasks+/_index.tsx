import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isTaskTab } from "~/features/tasks/tasks.schema";
import { requireUser } from "~/utils/tenant.server";

/** /tasks (and the small-screen tab select, ?tab=) lead to a tab; the inbox by default. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const tab = new URL(request.url).searchParams.get("tab");
  return redirect(`/tasks/${isTaskTab(tab) ? tab : "inbox"}`);
}

export { default } from "~/components/redirect-route";

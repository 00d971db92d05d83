import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { profileTabs } from "~/features/people/profile-tabs";
import { requireUser } from "~/utils/tenant.server";

/** /my/profile (and the small-screen tab select, ?tab=) lead to a tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const tab = new URL(request.url).searchParams.get("tab");
  return redirect(`/my/profile/${profileTabs.includes(tab as never) ? tab : "details"}`);
}

export { default } from "~/components/redirect-route";

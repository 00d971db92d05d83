import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/not-found";
import { requireRight } from "~/utils/tenant.server";

/*
 * Each tab of the employee page is a route of its own (user.$id._tabs.*); any other name is a 404 once the
 * guard has passed, as before the split.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "users.manage");
  notFound();
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRight(request, "users.manage");
  notFound();
}

/** Never shown: having a component keeps this a page route, so the 404 renders in the signed-in layout. */
export default function UnknownEmployeeTab() {
  return null;
}

import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requestPersonalDataExport } from "~/features/privacy/personal-data-exports.server";
import { writeOrRedirect } from "~/utils/action-failed.server";
import { readForm } from "~/utils/read-form.server";
import { safeRedirectPath } from "~/utils/request.server";
import { requireUser } from "~/utils/tenant.server";

/**
 * Asks for a person's data (issue 35, decision 1740): without `person` the signed-in user's own, with
 * `person=<user id>` (account admins, same account) someone else's. The job makes the files; the answer is
 * the export's page, where its progress and then the download links are. A request that could not be stored
 * (with its job: decision 1991) goes back to the page that asked (`returnTo`) with the failed-write message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const form = await readForm(request);
  const person = form.get("person");
  const back = safeRedirectPath(form.get("returnTo"), "/my/profile/details");
  const id = await writeOrRedirect("add", "personalDataExport", back, () =>
    requestPersonalDataExport(ctx, context.clientIp ?? null, typeof person === "string" ? person : null),
  );
  return redirect(`/personal-data/${id}`);
}

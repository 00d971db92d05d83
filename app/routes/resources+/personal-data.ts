import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requestPersonalDataExport } from "~/features/privacy/personal-data-exports.server";
import { readForm } from "~/utils/read-form.server";
import { requireUser } from "~/utils/tenant.server";

/**
 * Asks for a person's data (issue 35, decision 1740): without `person` the signed-in user's own, with
 * `person=<user id>` (account admins, same account) someone else's. The job makes the files; the answer is
 * the export's page, where its progress and then the download links are.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const person = (await readForm(request)).get("person");
  const id = await requestPersonalDataExport(ctx, context.clientIp ?? null, typeof person === "string" ? person : null);
  return redirect(`/personal-data/${id}`);
}

import { getServerT } from "./i18n.server";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The body of a page's form post, the one way an action reads it (docs/decisions/1440; lint forbids a
 * bare `.formData()` in app/). A body that is no form is the client's mistake, never a 500: it is
 * refused with an answer Remix sends as is (a page shows it in its error boundary, in the user's language):
 * - 415 when the Content-Type is not a form's (none, JSON, text/plain, …),
 * - 400 when it says form but the bytes are not one (broken multipart, a multipart without boundary).
 * An empty form is a form: the action's schema answers it with field messages.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw await refusal(request, 415);
  try {
    return await request.formData();
  } catch {
    throw await refusal(request, 400);
  }
}

async function refusal(request: Request, status: 400 | 415): Promise<Response> {
  const t = await getServerT(request);
  return new Response(t("common:badRequest.body"), {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

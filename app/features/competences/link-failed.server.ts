import { jsonError } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";

/**
 * Runs a linking API call: an id outside the caller's cluster (the services' plain 404) becomes a JSON 404
 * with spec §8's 'Competence linking failed' in the caller's language; nothing was written (one transaction).
 */
export async function linkFailed(request: Request, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (
      error instanceof Response &&
      error.status === 404 &&
      !(error.headers.get("Content-Type") ?? "").includes("json")
    ) {
      const t = await getServerT(request);
      return jsonError(404, "linkFailed", t("competences:matrix.linkFailed"));
    }
    throw error;
  }
}

import { openApiDocument } from "~/features/api/openapi.server";
import { referencePageHtml } from "~/features/api/reference-page.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /api/docs — a public route: the API reference, rendered on the server from /api/openapi.json (1650). */
export function loader() {
  const html = referencePageHtml(openApiDocument() as Parameters<typeof referencePageHtml>[0]);
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}

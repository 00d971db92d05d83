import { openApiDocument } from "~/features/api/openapi.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /api/openapi.json — a public route: the OpenAPI 3.1 document of the JSON API (docs/decisions/1650). */
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

export function action() {
  return methodNotAllowed(["GET"]);
}

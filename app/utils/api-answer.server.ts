import { jsonError } from "./api.server";
import { REFRESHED_TOKEN_HEADER } from "./api-limits";
import { leftForAnswer } from "./request-scope.server";

/**
 * The last step of every /api/ answer, run where the answer is sent (server/app.ts, and the tests' handler):
 * the replacement token a bearer session earned in this request goes into the X-Refreshed-Token header
 * (docs/decisions/1651), and a server error that is not already a JSON error body becomes one — an API
 * client never receives Remix's text or a stack trace.
 */
export function finishApiAnswer(request: Request, response: Response): Response {
  if (!new URL(request.url).pathname.startsWith("/api/")) return response;
  let answer = response;
  const isJson = (answer.headers.get("Content-Type") ?? "").includes("application/json");
  if (answer.status >= 500 && !isJson) {
    answer = jsonError(answer.status, "serverError", "Something went wrong on our side; try again later.");
  }
  const token = leftForAnswer(REFRESHED_TOKEN_HEADER);
  if (!token) return answer;
  const headers = new Headers(answer.headers);
  headers.set(REFRESHED_TOKEN_HEADER, token);
  headers.set("Cache-Control", "no-store");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

import type * as z from "zod";
import { jsonBodyLimitFor } from "~/features/imports/upload-limits";
import { jsonError } from "./api.server";
import { getServerT } from "./i18n.server";
import { CONTROL_CHARACTER_ERROR, hasControlCharacter } from "./text-schema";

/**
 * Reads the JSON body of an API request and checks it against a zod schema, the one way every
 * app/routes/api+ route reads a body (docs/decisions/0650). Throws a JSON answer that Remix sends as is:
 * - 415 when the Content-Type is not application/json (a cross-site form cannot send JSON, so this is
 *   also the API's CSRF check next to the Origin check),
 * - 413 when the body is larger than maxBytes (by default the path's limit in upload-limits.ts, the table
 *   the HTTP edge also reads), judged by Content-Length and again while reading, so an
 *   oversized body is never held in memory,
 * - 400 when the bytes are not JSON,
 * - 422 with zod's issues (path and message, translated where the schema gives an i18n key) when the
 *   JSON does not match the schema.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = jsonBodyLimitFor(new URL(request.url).pathname, request.method) }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  watcher?.("body", schema);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    throw jsonError(415, "unsupportedMediaType", "Send the body as application/json.");
  }
  const text = await readLimited(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw jsonError(400, "invalidJson", "The body is not valid JSON.");
  }
  // The last line behind the schemas' text helpers: no control character reaches a service (a NUL would
  // be PostgreSQL's 500), whatever field of the body carries it (docs/decisions/1440).
  const controlAt = pathOfControlCharacter(value);
  if (controlAt !== null) {
    const message = (await getServerT(request))(CONTROL_CHARACTER_ERROR, { name: controlAt || "body" });
    throw jsonError(422, "invalid", controlAt ? `${controlAt}: ${message}` : message, {
      issues: [{ path: controlAt, message }],
    });
  }
  const parsed = await schema.safeParseAsync(value);
  if (!parsed.success) {
    // The project's schemas carry i18n keys ("validation:required") as messages: answer in the caller's language.
    const t = await getServerT(request);
    // `{{name}}` of a message is the field's label (validation:fields.<key>), else its key.
    const label = (path: PropertyKey[]) => {
      const key = String(path.findLast((p) => typeof p === "string") ?? "");
      return t(`validation:fields.${key}`, { defaultValue: key });
    };
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join("."),
      message: /^[a-z]+:[\w.]+$/i.test(i.message) ? t(i.message, { name: label(i.path) }) : i.message,
    }));
    throw jsonError(422, "invalid", issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; "), {
      issues,
    });
  }
  return parsed.data;
}

/**
 * Reads the query of an API request with the operation's query schema (the one the OpenAPI document
 * publishes, decision 1761): a parameter given twice counts once (the first). 400 when it does not match:
 * `invalidPaging` when only ?page/?pageSize are wrong (decision 1750), else `invalidQuery`, with `issues`.
 */
export function readApiQuery<S extends z.ZodObject>(request: Request, schema: S): z.output<S> {
  watcher?.("query", schema);
  const fields: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in fields)) fields[key] = value;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const paging = issues.every((i) => i.path === "page" || i.path === "pageSize");
  throw jsonError(
    400,
    paging ? "invalidPaging" : "invalidQuery",
    issues.map((i) => `${i.path}: ${i.message}`).join("; "),
    { issues },
  );
}

type SchemaWatcher = (part: "body" | "query", schema: z.ZodType) => void;
let watcher: SchemaWatcher | undefined;

/**
 * Tests only: tells `next` which schema each API request's body or query is read with, so the contract test
 * can require the operation's own schema (decision 1761). Requests run one at a time there.
 */
export function watchRequestSchemas(next: SchemaWatcher | undefined): void {
  watcher = next;
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => jsonError(413, "payloadTooLarge", `The body may be at most ${maxBytes} bytes.`);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The dotted path of the first string (key or value) in a JSON value with a control character other than tab or a line break. */
function pathOfControlCharacter(value: unknown, path = ""): string | null {
  if (typeof value === "string") return hasControlCharacter(value, { lines: true }) ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasControlCharacter(key, { lines: true })) return at;
    const found = pathOfControlCharacter(item, at);
    if (found !== null) return found;
  }
  return null;
}

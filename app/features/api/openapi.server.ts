import * as z from "zod";
import { apiOperations } from "./api-operations";
import { apiErrorSchema, type ApiOperation, type ApiResponseSpec } from "./operation";
import {
  API_RATE_LIMIT,
  REFRESHED_TOKEN_HEADER,
  TOKEN_GRACE_SECONDS,
  TOKEN_REFRESH_BEFORE_SECONDS,
} from "~/utils/api-limits";

/**
 * The OpenAPI 3.1 document of the JSON API, generated from the operations' zod schemas with zod 4's own
 * JSON Schema output (docs/decisions/1650). Served at /api/openapi.json and rendered at /api/docs.
 */
type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  // Named sub-schemas would become "#/$defs/…" references, which resolve against the document's root in
  // OpenAPI 3.1: keep every schema inline.
  if ("$defs" in rest) throw new Error("API schemas are inline: no .meta({ id }) and no recursive schemas");
  return rest;
}

function isOptional(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === "optional";
}

const errorAnswer = (description: string): ApiResponseSpec => ({ description, schema: apiErrorSchema });

/** The answers every operation of a kind can give, added unless the operation describes them itself. */
function sharedResponses(op: ApiOperation): Record<number, ApiResponseSpec> {
  const shared: Record<number, ApiResponseSpec> = {};
  if (op.query) shared[400] = errorAnswer("A query parameter is not usable.");
  if (op.body) {
    shared[400] = errorAnswer("The body is not JSON (or a query parameter is not usable).");
    shared[413] = errorAnswer("The body is larger than the limit.");
    shared[415] = errorAnswer("The body is not sent as application/json.");
    shared[422] = errorAnswer("The body does not match the schema, or a business rule refused it (`issues`).");
  }
  if (op.access !== "public") {
    shared[401] = errorAnswer("No valid token (the message mentions the token): sign in again.");
    shared[429] = errorAnswer("Too many calls with this token; wait Retry-After seconds.");
  }
  if (op.access !== "public" && op.access !== "signed-in") shared[403] = errorAnswer("The caller lacks the right.");
  if (op.path.includes("{")) shared[404] = errorAnswer("No such item in the caller's cluster.");
  for (const [status, text] of Object.entries(op.extraErrors ?? {})) shared[Number(status)] = errorAnswer(text!);
  return shared;
}

function pathParameters(op: ApiOperation) {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: jsonSchemaOf(op.params?.[name] ?? z.string().meta({ format: "uuid" }), "input"),
  }));
}

function queryParameters(op: ApiOperation) {
  if (!op.query) return [];
  return Object.entries(op.query.shape).map(([name, schema]) => {
    const json = jsonSchemaOf(schema as z.ZodType, "input");
    const { description, ...rest } = json;
    return { name, in: "query", required: !isOptional(schema as z.ZodType), description, schema: rest };
  });
}

function responseObject(op: ApiOperation, status: number, spec: ApiResponseSpec) {
  const headers: Record<string, unknown> = {};
  if (op.access !== "public" && status < 300) {
    headers[REFRESHED_TOKEN_HEADER] = {
      description: "A replacement token, sent when the one used is near its end: use it from now on.",
      schema: { type: "string" },
    };
  }
  if (status === 429) headers["Retry-After"] = { description: "Seconds to wait.", schema: { type: "integer" } };
  return {
    description: spec.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(spec.schema ? { content: { "application/json": { schema: jsonSchemaOf(spec.schema, "output") } } } : {}),
  };
}

/** Every answer an operation documents, shared errors included: what the contract test validates against. */
export function responsesOf(op: ApiOperation): Record<number, ApiResponseSpec> {
  return { ...sharedResponses(op), ...(op.responses as Record<number, ApiResponseSpec>) };
}

function operationObject(op: ApiOperation) {
  const responses = Object.fromEntries(
    Object.entries(responsesOf(op)).map(([status, spec]) => [status, responseObject(op, Number(status), spec)]),
  );
  const parameters = [...pathParameters(op), ...queryParameters(op)];
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `Access: ${accessText(op.access)}.`].filter(Boolean).join("\n\n"),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(op.body, "input") } } } }
      : {}),
    responses: {
      ...responses,
      default: {
        description: "Any other failure (500 and the like): an error body, never a stack trace.",
        content: { "application/json": { schema: jsonSchemaOf(apiErrorSchema, "output") } },
      },
    },
    ...(op.access === "public" ? { security: [] } : {}),
  };
}

export function accessText(access: string): string {
  if (access === "public") return "anyone (no token)";
  if (access === "signed-in") return "every signed-in user";
  return `the right ${access}`;
}

const description = `
The JSON API of spec §7. Every call but sign-in sends \`Authorization: Bearer <token>\` from
\`POST /api/auth/login\`; bodies are \`application/json\` (anything else is 415).

**Token lifetime.** A token ends after ${"12"} idle hours. A call made in the last
${TOKEN_REFRESH_BEFORE_SECONDS / 60} minutes of its life answers with the header \`${REFRESHED_TOKEN_HEADER}\`: a new
token that replaces it. The old one keeps working for ${TOKEN_GRACE_SECONDS} seconds, so calls already under way do not
fail. \`POST /api/auth/refresh\` replaces it on demand. A token ends at once at logout, a password change or reset,
deactivation, and removal from the account; a 401 whose message mentions the token means: sign in again.

**Limits.** At most ${API_RATE_LIMIT.limit} calls per ${API_RATE_LIMIT.windowSeconds} seconds per token (429 with
\`Retry-After\`); lists are paged with a documented maximum page size; bodies have a size limit (413).
Errors are JSON \`{ error, message }\`, never a stack trace.
`.trim();

let cached: unknown;

export function openApiDocument(): unknown {
  cached ??= buildDocument(apiOperations);
  return cached;
}

export function buildDocument(operations: ApiOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    if (paths[op.path][op.method]) throw new Error(`two operations for ${op.method} ${op.path}`);
    paths[op.path][op.method] = operationObject(op);
  }
  const tags = [...new Set(operations.map((op) => op.tag))].map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: { title: "Teamontwikkeling API", version: "1.0.0", description },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    tags,
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The access_token of POST /api/auth/login." },
      },
    },
    paths,
  };
}

/**
 * The contract harness (docs/decisions/1650): the OpenAPI document as served, a JSON Schema 2020-12 validator
 * (ajv) over its answers, bearer tokens of the demo users, and one call of an operation over HTTP through
 * Remix's handler. Used by tests/integration/api-contract.test.ts and api-fuzz.test.ts.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { DEMO_PASSWORD, demoUsers } from "../../seed/demo-data";
import { apiRequest, handle } from "./remix-handler";
import type { DemoRole } from "./demo-world";

export type OpenApiOperation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** Every operation of the document with its method and path template. */
export function operationsOf(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
}

export async function servedDocument(): Promise<OpenApiDocument> {
  const response = await handle(apiRequest("GET", "/api/openapi.json"));
  if (response.status !== 200) throw new Error(`/api/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** Validates answers against the document's response schemas; a status the operation does not list is a violation. */
export function answerValidator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  return (operation: { method: string; path: string }, status: number, body: unknown): string[] => {
    const op = doc.paths[operation.path]?.[operation.method];
    if (!op) return [`${operation.method} ${operation.path} is not in the document`];
    const response = op.responses[String(status)] ?? (status >= 500 ? op.responses.default : undefined);
    if (!response) return [`status ${status} is not documented`];
    const schema = response.content?.["application/json"]?.schema;
    if (!schema) return body === null || body === "" ? [] : [`status ${status} documents no body`];
    const key = `${operation.method} ${operation.path} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  };
}

/** A demo user's bearer token from POST /api/auth/login, as an integration partner gets one. */
export async function demoToken(role: DemoRole): Promise<string> {
  const response = await handle(
    apiRequest("POST", "/api/auth/login", {
      body: { email: demoUsers[role], password: DEMO_PASSWORD },
    }),
  );
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !body.access_token) throw new Error(`no token for ${role}: ${response.status}`);
  return body.access_token;
}

export type ApiCall = {
  method: string;
  /** The concrete URL path with query. */
  url: string;
  token?: string;
  body?: unknown;
  /** Raw body and type instead of JSON. */
  type?: string;
};

export type ApiAnswer = { status: number; body: unknown; headers: Headers };

export async function callApi(call: ApiCall): Promise<ApiAnswer> {
  const response = await handle(
    apiRequest(call.method.toUpperCase(), call.url, {
      body: call.body,
      type: call.type,
      headers: call.token ? { Authorization: `Bearer ${call.token}` } : {},
    }),
  );
  const text = await response.text();
  let body: unknown = text;
  if (text === "") body = null;
  else {
    try {
      body = JSON.parse(text);
    } catch {
      // asserted as text
    }
  }
  return { status: response.status, body, headers: response.headers };
}

/** "/api/users/{id}" with { id: "…" } → "/api/users/…", plus a query string. */
export function urlOf(path: string, params: Record<string, string> = {}, query: Record<string, string> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for {${name}} of ${path}`);
    return encodeURIComponent(params[name]);
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * The API contract (issue 37, docs/decisions/1650): the OpenAPI document at /api/openapi.json is valid OpenAPI
 * 3.1 (checked by @seriousme/openapi-schema-validator, a kept third-party validator), every operation in it has
 * an example request, and every operation called as each demo user answers with a documented status whose
 * body matches the document's schema (ajv, JSON Schema 2020-12). A route that answers other than its
 * schema says fails here, so the document cannot drift from the code.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import type * as z from "zod";
import { apiOperations } from "~/features/api/api-operations";
import { watchRequestSchemas } from "~/utils/json-body.server";
import { apiExamples } from "../support/api-examples";
import {
  answerValidator,
  callApi,
  demoToken,
  operationsOf,
  servedDocument,
  urlOf,
  type OpenApiDocument,
} from "../support/api-contract";
import { demoRoles, demoWorld, type DemoRole, type DemoWorld } from "../support/demo-world";

let w: DemoWorld;
let doc: OpenApiDocument;
let validate: ReturnType<typeof answerValidator>;
const tokens = {} as Record<DemoRole, string>;

beforeAll(async () => {
  w = await demoWorld();
  doc = await servedDocument();
  validate = answerValidator(doc);
  for (const role of demoRoles) tokens[role] = await demoToken(role);
}, 120_000);

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has an example request for every operation, and no example for an operation it lacks", () => {
    const ids = operationsOf(doc).map(({ op }) => op.operationId);
    expect(ids.filter((id) => !(id in apiExamples))).toEqual([]);
    expect(Object.keys(apiExamples).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("is served as a readable page at /api/docs without scripts", async () => {
    const page = await callApi({ method: "GET", url: "/api/docs" });
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toContain("text/html");
    expect(String(page.body)).toContain("/api/roles");
    expect(String(page.body)).not.toContain("<script");
  });
});

describe("every operation, as every demo user, answers as documented", () => {
  // Deletions and token endings run last, so the others still find what they read.
  const ordered = () => {
    const rank = (method: string, id: string) => (id === "logout" ? 3 : method === "delete" ? 2 : 1);
    return operationsOf(doc).sort((a, b) => rank(a.method, a.op.operationId) - rank(b.method, b.op.operationId));
  };

  it("with 0 server errors and 0 schema violations, read with the document's own schemas", async () => {
    const violations: string[] = [];
    for (const { method, path, op } of ordered()) {
      // The route must parse with the very schema the document publishes (one schema per concept,
      // decision 1761): a schema of its own drifts from the document even while both look alike.
      const declared = apiOperations.find((o) => o.operationId === op.operationId)!;
      const read: { part: "body" | "query"; schema: z.ZodType }[] = [];
      for (const role of demoRoles) {
        const example = await apiExamples[op.operationId]({ w, role, freshToken: () => demoToken(role) });
        // Only the call itself: an example may prepare what it needs through other calls.
        watchRequestSchemas((part, schema) => read.push({ part, schema }));
        const answer = await callApi({
          method,
          url: urlOf(path, example.params, example.query),
          token: example.token ?? tokens[role],
          body: example.body,
        }).finally(() => watchRequestSchemas(undefined));
        const errors = validate({ method, path }, answer.status, answer.body);
        if (answer.status >= 500) errors.push("server error");
        for (const error of errors)
          violations.push(`${role} ${method.toUpperCase()} ${path} → ${answer.status}: ${error}`);
      }
      const label = `${method.toUpperCase()} ${path}`;
      for (const part of ["body", "query"] as const)
        if (read.some((r) => r.part === part && r.schema !== declared[part]))
          violations.push(`${label} reads its ${part} with another schema`);
      if (declared.body && !read.some((r) => r.part === "body")) violations.push(`${label} never reads its body`);
    }
    expect(violations).toEqual([]);
  }, 120_000);

  it("gives the expected statuses where the rights are plain", async () => {
    const status = async (method: string, url: string, role: DemoRole) =>
      (await callApi({ method, url, token: tokens[role] })).status;
    expect(await status("GET", "/api/roles", "hr")).toBe(200);
    expect(await status("GET", "/api/roles", "medewerker")).toBe(403);
    expect(await status("GET", "/api/init", "medewerker")).toBe(200);
    expect((await callApi({ method: "GET", url: "/api/init" })).status).toBe(401);
  });
});

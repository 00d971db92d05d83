/**
 * Generated requests against the contract (issue 37, docs/decisions/1650): for every operation of the
 * OpenAPI document with a body or a query, fast-check draws bodies from the document's request schema (and
 * values just outside it) and sends them with the HR user's bearer token through Remix's handler. Every
 * answer must be a documented status whose body matches its schema, and none may be a 5xx. CI runs
 * API_FUZZ_RUNS (20) per operation with a body and a quarter of that with only a query; `npm run api:fuzz`
 * runs 300.
 */
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import {
  answerValidator,
  callApi,
  demoToken,
  operationsOf,
  servedDocument,
  urlOf,
  type OpenApiDocument,
} from "../support/api-contract";
import { demoWorld, type DemoWorld } from "../support/demo-world";

const RUNS = Number(process.env.API_FUZZ_RUNS ?? 20);
/** A query of optional page, size and enum strings has few shapes: a quarter of the runs finds them (decision 1750). */
const QUERY_RUNS = Math.max(5, Math.ceil(RUNS / 4));
type Schema = Record<string, unknown>;

/** An arbitrary of JSON values that a JSON Schema (as zod writes it) accepts, mixed with near misses. */
function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(options)) return fc.oneof(...options.map((s) => arbitraryOf(s, depth)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "uuid") return fc.uuid();
      if (schema.format === "email") return fc.emailAddress();
      return fc.string({ maxLength: Number(schema.maxLength ?? 40) });
    case "integer":
      return fc.integer({ min: Number(schema.minimum ?? -1000), max: Number(schema.maximum ?? 1000) });
    case "number":
      return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return depth > 3
        ? fc.constant([])
        : fc.array(arbitraryOf((schema.items as Schema) ?? {}, depth + 1), { maxLength: 3 });
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(properties)) record[key] = arbitraryOf(sub, depth + 1);
      return fc.record(record, { requiredKeys: required.filter((k) => k in record) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly schema-shaped bodies, some arbitrary JSON: the 422 path is part of the contract too. */
const bodyOf = (schema: Schema) =>
  fc.oneof({ weight: 4, arbitrary: arbitraryOf(schema) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

let w: DemoWorld;
let doc: OpenApiDocument;
let token: string;

beforeAll(async () => {
  w = await demoWorld();
  doc = await servedDocument();
  token = await demoToken("hr");
}, 120_000);

it("generated requests: 0 server errors and 0 schema violations", async () => {
  const validate = answerValidator(doc);
  const violations: string[] = [];
  for (const { method, path, op } of operationsOf(doc)) {
    if (op.operationId === "logout" || op.operationId === "refresh" || op.operationId === "login") continue;
    const body = op.requestBody?.content["application/json"]?.schema;
    const query = (op.parameters ?? []).filter((p) => p.in === "query");
    if (!body && query.length === 0) continue;
    const params = Object.fromEntries(
      (op.parameters ?? []).filter((p) => p.in === "path").map((p) => [p.name, w.demo.other.employee]),
    );
    const queryArb = fc.record(
      Object.fromEntries(query.map((p) => [p.name, arbitraryOf(p.schema).map((v) => String(v))])),
      { requiredKeys: query.filter((p) => p.required).map((p) => p.name) },
    );
    await fc
      .assert(
        fc.asyncProperty(body ? bodyOf(body) : fc.constant(undefined), queryArb, async (sent, q) => {
          const answer = await callApi({
            method,
            url: urlOf(path, params, q as Record<string, string>),
            token,
            body: sent,
          });
          const errors = validate({ method, path }, answer.status, answer.body);
          if (answer.status >= 500) errors.push("server error");
          for (const error of errors)
            violations.push(`${method.toUpperCase()} ${path} ${JSON.stringify(sent)} → ${answer.status}: ${error}`);
          return errors.length === 0;
        }),
        { numRuns: body ? RUNS : QUERY_RUNS, seed: 37, endOnFailure: true },
      )
      .catch(() => undefined);
  }
  expect(violations.slice(0, 10)).toEqual([]);
}, 300_000);

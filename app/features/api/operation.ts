import * as z from "zod";

/**
 * One operation of the JSON API (spec §7) as data: its method, path, who may call it and the zod schemas of
 * what it takes and answers. Routes read their body and query through these schemas and the OpenAPI
 * document (openapi.server.ts) is generated from them, so the contract and the code are one thing
 * (docs/decisions/1650). Client-safe: a page's form may share a request schema with its operation.
 */
export type HttpMethod = "get" | "post" | "put" | "delete";

export type ApiResponseSpec = { description: string; schema?: z.ZodType };

export type ApiOperation = {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template: "/api/users/{id}". */
  path: string;
  /** The reference page's section. */
  tag: string;
  summary: string;
  description?: string;
  /** Who may call it: "public", "signed-in" or the right (spec §6) the guard asks for. */
  access: "public" | "signed-in" | (string & {});
  /** Path parameters (all strings); `{id}` defaults to a uuid. */
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Error answers the shape above does not imply (a 404 for an id in the query), with their description. */
  extraErrors?: Partial<Record<number, string>>;
  /** The answers besides the shared errors (400/401/403/404/413/415/422/429), which are added from the shape above. */
  responses: Partial<Record<number, ApiResponseSpec>>;
};

/** Declares an operation (identity at run time; the type keeps literal paths and schemas). */
export function apiOperation<const O extends ApiOperation>(operation: O): O {
  return operation;
}

/** The body of every error answer (app/utils/api.server.ts jsonError): a code, a readable message and extras. */
export const apiErrorSchema = z
  .looseObject({
    error: z.string().meta({ description: "A stable code: invalid, forbidden, notFound, invalidToken, …" }),
    message: z.string().meta({ description: "Readable, in the caller's language where the rule has a text." }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "422: one entry per field that did not pass." }),
  })
  .meta({ description: "An error answer. Never a stack trace." });

/** Date and time as JSON carries it (an ISO 8601 string in UTC). */
export const isoDateTime = () => z.string().meta({ format: "date-time" });
/** A calendar date, yyyy-MM-dd. */
export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ format: "date" });
export const id = () => z.string().meta({ format: "uuid" });
/** 0 or 1 where spec §7 flags with numbers (isFinished, done). */
export const flag01 = () => z.union([z.literal(0), z.literal(1)]);

/**
 * ?page= and ?pageSize= of a paged list (parseApiPaging); `max` is the cap of the list. The one rule of
 * every list (decision 1750): a pageSize above the cap is refused with 400 `invalidPaging`, never cut.
 */
export function pagingQuery(max: number, fallback: number) {
  return {
    page: pageNumber()
      .optional()
      .transform((v) => v ?? 1)
      .meta({ description: "From 1 (default 1)." }),
    pageSize: pageNumber()
      .pipe(z.number().max(max, `at most ${max}`))
      .optional()
      .transform((v) => v ?? fallback)
      .meta({
        description: `Rows per page, at most ${max} (default ${fallback}); more is 400 \`invalidPaging\`.`,
      }),
  };
}

/** A page number: digits only, from 1 to 100,000 (an offset beyond that is no list anyone pages through). */
const pageNumber = () =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, "must be a whole number from 1")
    .transform(Number)
    .pipe(z.number().max(100_000));

/** The paging fields of a paged answer. */
export const pagedFields = {
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
};

/** The page of the lists a service returns whole (tasks, tags, the competence book): decision 1750. */
export const API_LIST_PAGE = { fallback: 100, max: 500 } as const;

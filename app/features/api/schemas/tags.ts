import * as z from "zod";
import { apiTagsBulkDestroySchema, apiTagsCreateSchema, tagSchema } from "~/features/tags/tags.schema";
import { API_LIST_PAGE, apiOperation, id, pagedFields, pagingQuery } from "../operation";

/**
 * The tag calls of spec §7 (api/tags, api/tags/{id}, api/tags/bulk-destroy) as zod schemas: personnel and
 * criteria tags, each with `kind` and `criteria` (spec §3 Tag: id, name, criteria; docs/decisions/1752).
 * Client-safe.
 */

const tagFields = {
  id: id(),
  name: z.string(),
  /** System tags cannot be removed (spec §3). */
  isSystem: z.boolean(),
};
const personnelFields = {
  ...tagFields,
  kind: z.literal("personnel"),
  /** A personnel tag is carried by people, not criteria: always empty. */
  criteria: z.array(id()).max(0),
};
const criteriaFields = {
  ...tagFields,
  kind: z.literal("criteria"),
  /** The ids of the criteria that carry the tag. */
  criteria: z.array(id()),
};

export const apiTagListEntrySchema = z.union([
  z.object({ ...personnelFields, memberCount: z.number().int().min(0) }),
  z.object({ ...criteriaFields, criteriaCount: z.number().int().min(0) }),
]);

const tagDetailSchema = z.union([
  z.object({
    ...personnelFields,
    members: z.array(z.object({ membershipId: id(), name: z.string(), email: z.string() })),
  }),
  z.object(criteriaFields),
]);

const changedTagSchema = z.object({ ...tagFields, kind: z.enum(["personnel", "criteria"]) });
const newTagSchema = z.object({ id: id(), name: z.string(), kind: z.enum(["personnel", "criteria"]) });
const nameTaken = "A tag of that kind has the name already (any case); `name` names it.";

export const tagOperations = {
  listTags: apiOperation({
    operationId: "listTags",
    method: "get",
    path: "/api/tags",
    tag: "Tags",
    summary: "The personnel tags and the criteria tags, paged",
    description: "Personnel tags first, then criteria tags, each by name; `kind` gives one of them.",
    access: "tags.read",
    query: z.object({
      kind: z.enum(["personnel", "criteria"]).optional(),
      ...pagingQuery(API_LIST_PAGE.max, API_LIST_PAGE.fallback),
    }),
    responses: {
      200: {
        description: "One page of tags.",
        schema: z.object({ tags: z.array(apiTagListEntrySchema), ...pagedFields }),
      },
    },
  }),
  createTags: apiOperation({
    operationId: "createTags",
    method: "post",
    path: "/api/tags",
    tag: "Tags",
    summary: "One tag, or an array of them (all or none)",
    description: "Each tag is a personnel tag unless its `kind` says `criteria`; an array may mix them.",
    access: "tags.create",
    body: apiTagsCreateSchema,
    extraErrors: { 409: nameTaken },
    responses: {
      201: {
        description: "`tag` for one, `tags` for an array.",
        schema: z.union([z.object({ tag: newTagSchema }), z.object({ tags: z.array(newTagSchema) })]),
      },
    },
  }),
  getTag: apiOperation({
    operationId: "getTag",
    method: "get",
    path: "/api/tags/{id}",
    tag: "Tags",
    summary: "A personnel tag with its people, or a criteria tag with its criteria",
    access: "tags.read",
    responses: { 200: { description: "The tag.", schema: z.object({ tag: tagDetailSchema }) } },
  }),
  updateTag: apiOperation({
    operationId: "updateTag",
    method: "put",
    path: "/api/tags/{id}",
    tag: "Tags",
    summary: "Renames a personnel or criteria tag",
    access: "tags.update",
    body: tagSchema,
    extraErrors: { 409: nameTaken },
    responses: { 200: { description: "The renamed tag.", schema: z.object({ tag: changedTagSchema }) } },
  }),
  deleteTag: apiOperation({
    operationId: "deleteTag",
    method: "delete",
    path: "/api/tags/{id}",
    tag: "Tags",
    summary: "Removes a personnel or criteria tag",
    access: "tags.delete",
    extraErrors: { 409: "A system tag (`systemTag`), or a personnel tag a review round chose (`usedInReviews`)." },
    responses: { 200: { description: "Removed.", schema: z.object({ deleted: z.literal(1) }) } },
  }),
  bulkDestroyTags: apiOperation({
    operationId: "bulkDestroyTags",
    method: "post",
    path: "/api/tags/bulk-destroy",
    tag: "Tags",
    summary: "Removes personnel tags, skipping system tags and tags of review rounds (named in the answer)",
    access: "tags.delete",
    body: apiTagsBulkDestroySchema,
    extraErrors: { 404: "An id is no personnel tag of the caller's cluster: nothing is removed." },
    responses: {
      200: {
        description: "How many went, and the names of those that stayed.",
        schema: z.object({
          deleted: z.number().int().min(0),
          skipped: z.array(z.string()),
          usedInReviews: z.array(z.string()),
        }),
      },
    },
  }),
};

import * as z from "zod";
import { competenceTypes } from "#db/schema/enums";
import { positionAssignmentsSchema, positionSyncSchema } from "~/features/competences/competences.schema";
import { API_LIST_PAGE, apiOperation, id, isoDateTime, pagedFields, pagingQuery } from "../operation";
import { positionSchema } from "./organisation";

/**
 * The competence and position calls of spec §7 (api/competences, …/positions/sync, …/actual-scores,
 * api/positions/{id}, …/competences, api/positions/competences) as zod schemas (docs/decisions/1650, 1303,
 * 1754). Client-safe.
 */

const competenceType = z.enum(competenceTypes);
const level = z.number().int().min(1).max(5);
const gapFields = {
  /** actual − required; null while not required or not scored. */
  gap: z.number().int().nullable(),
  status: z.enum(["notRequired", "notScored", "below", "meets", "above"]),
};
/** Scores are paged per person (decision 1750). */
export const SCORES_API_PAGE = { fallback: 50, max: 200 } as const;
const linkFailed =
  "A position, competence or tag is not the caller's cluster's: 'Competence linking failed', nothing saved.";

/** A required competence of a position: its own level or one inherited from a parent position. */
const requiredCompetenceSchema = z.object({
  id: id(),
  name: z.string(),
  type: competenceType,
  requiredLevel: level,
  own: z.boolean(),
  /** The name of the parent position it comes from; null for an own level. */
  inheritedFrom: z.string().nullable(),
});

export const competenceOperations = {
  listCompetences: apiOperation({
    operationId: "listCompetences",
    method: "get",
    path: "/api/competences",
    tag: "Competences",
    summary: "The cluster's competence book, paged, and its competence sets",
    description: "By type, then name. A filter value that does not fit is no filter.",
    access: "competences.read",
    query: z.object({
      type: competenceType.optional(),
      tag: z.uuid().optional().meta({ description: "A competence tag's id." }),
      archived: z.enum(["0", "1"]).optional().meta({ description: "1: the archived ones instead." }),
      q: z.string().max(100).optional().meta({ description: "Part of the name." }),
      ...pagingQuery(API_LIST_PAGE.max, API_LIST_PAGE.fallback),
    }),
    responses: {
      200: {
        description: "One page of the book.",
        schema: z.object({
          competences: z.array(
            z.object({
              id: id(),
              name: z.string(),
              description: z.string(),
              type: competenceType,
              archived: z.boolean(),
              /** The names of its competence tags. */
              tags: z.array(z.string()),
            }),
          ),
          ...pagedFields,
          /** With competences.manage: the active competence sets (names of their active competences), unpaged. */
          sets: z
            .array(z.object({ id: id(), name: z.string(), description: z.string(), competences: z.array(z.string()) }))
            .optional(),
        }),
      },
    },
  }),
  syncPositionCompetences: apiOperation({
    operationId: "syncPositionCompetences",
    method: "post",
    path: "/api/competences/positions/sync",
    tag: "Competences",
    summary: "Makes positions require the competences of competence tags",
    description:
      "Each position's own requirements become the active competences carrying any of `tags` (ids or `{ id }`; " +
      "`tagIds` is the same): new ones at `level`, existing levels kept, others removed. One transaction.",
    access: "competences.manage",
    body: positionSyncSchema,
    extraErrors: { 404: linkFailed },
    responses: {
      200: {
        description: "Per position what changed.",
        schema: z.object({
          positions: z.array(
            z.object({
              positionId: id(),
              added: z.number().int().min(0),
              kept: z.number().int().min(0),
              removed: z.number().int().min(0),
            }),
          ),
        }),
      },
    },
  }),
  listActualScores: apiOperation({
    operationId: "listActualScores",
    method: "get",
    path: "/api/competences/actual-scores",
    tag: "Competences",
    summary: "The actual competence scores of the people the caller may score, paged",
    access: "competence_reviews.manage",
    query: z.object(pagingQuery(SCORES_API_PAGE.max, SCORES_API_PAGE.fallback)),
    responses: {
      200: {
        description: "One page of people with their current scores.",
        schema: z.object({
          ...pagedFields,
          memberships: z.array(
            z.object({
              id: id(),
              userId: id(),
              name: z.string(),
              teams: z.array(z.string()),
              positions: z.array(z.string()),
              scores: z.array(
                z.object({
                  competenceId: id(),
                  level,
                  givenBy: z.string().nullable(),
                  givenAt: isoDateTime(),
                }),
              ),
            }),
          ),
        }),
      },
    },
  }),
  getPositionScores: apiOperation({
    operationId: "getPositionScores",
    method: "get",
    path: "/api/competences/actual-scores/positions/{id}",
    tag: "Competences",
    summary: "The holders of a position the caller may score, against what it requires, paged",
    access: "competence_reviews.manage",
    query: z.object(pagingQuery(SCORES_API_PAGE.max, SCORES_API_PAGE.fallback)),
    responses: {
      200: {
        description: "The position's columns and one page of holders.",
        schema: z.object({
          position: z.object({ id: id(), name: z.string() }),
          columns: z.array(z.object({ id: id(), name: z.string(), required: level })),
          ...pagedFields,
          rows: z.array(
            z.object({
              id: id(),
              name: z.string(),
              cells: z.array(z.object({ competenceId: id(), actual: level.nullable(), ...gapFields })),
            }),
          ),
        }),
      },
    },
  }),
  getMembershipScores: apiOperation({
    operationId: "getMembershipScores",
    method: "get",
    path: "/api/competences/actual-scores/memberships/{id}",
    tag: "Competences",
    summary: "A person's actual levels against the required ones, with the history",
    access: "competence_reviews.manage",
    responses: {
      200: {
        description: "The person, a line per competence, the last 200 scores.",
        schema: z.object({
          person: z.object({ id: id(), name: z.string(), positions: z.array(z.string()) }),
          lines: z.array(
            z.object({
              competenceId: id(),
              name: z.string(),
              type: competenceType,
              required: level.nullable(),
              actual: level.nullable(),
              ...gapFields,
              givenByName: z.string().nullable(),
              givenAt: isoDateTime().nullable(),
              givenByMe: z.boolean(),
            }),
          ),
          history: z.array(
            z.object({
              competence: z.string(),
              level,
              givenByName: z.string().nullable(),
              givenAt: isoDateTime(),
              current: z.boolean(),
            }),
          ),
        }),
      },
    },
  }),
  getPosition: apiOperation({
    operationId: "getPosition",
    method: "get",
    path: "/api/positions/{id}",
    tag: "Organisation",
    summary: "A position, with its required competences when the competences module is on",
    access: "positions.read",
    responses: {
      200: {
        description: "The position.",
        schema: z.object({
          position: positionSchema.extend({ competences: z.array(requiredCompetenceSchema).optional() }),
        }),
      },
    },
  }),
  getPositionCompetences: apiOperation({
    operationId: "getPositionCompetences",
    method: "get",
    path: "/api/positions/{id}/competences",
    tag: "Competences",
    summary: "The competences a position requires, own and inherited",
    access: "competences.read",
    responses: {
      200: {
        description: "The position and its required competences.",
        schema: z.object({
          position: z.object({ id: id(), name: z.string(), parentName: z.string().nullable() }),
          competences: z.array(requiredCompetenceSchema),
        }),
      },
    },
  }),
  assignPositionCompetences: apiOperation({
    operationId: "assignPositionCompetences",
    method: "post",
    path: "/api/positions/competences",
    tag: "Competences",
    summary: "Sets (1–5) or clears (null) positions' own required levels, all or nothing",
    access: "competences.manage",
    body: positionAssignmentsSchema,
    extraErrors: { 404: linkFailed },
    responses: { 200: { description: "How many were saved.", schema: z.object({ saved: z.number().int() }) } },
  }),
};

import * as z from "zod";
import { apiOperation, id, pagedFields, pagingQuery } from "../operation";

/** Spec §3 role: id, key, level. */
export const roleSchema = z.object({
  id: id(),
  key: z.string(),
  level: z.enum(["cluster", "team"]),
});

export const positionSchema = z.object({
  id: id(),
  name: z.string(),
  code: z.string().nullable(),
  parentId: id().nullable(),
  levels: z.number().int().nullable(),
  contractsCount: z.number().int(),
});

export const POSITIONS_API_PAGE = { fallback: 100, max: 500 } as const;

export const organisationOperations = {
  roles: apiOperation({
    operationId: "listRoles",
    method: "get",
    path: "/api/roles",
    tag: "Organisation",
    summary: "The roles with their id and level",
    access: "users.manage",
    responses: { 200: { description: "Every role.", schema: z.object({ roles: z.array(roleSchema) }) } },
  }),
  positions: apiOperation({
    operationId: "listPositions",
    method: "get",
    path: "/api/positions",
    tag: "Organisation",
    summary: "The cluster's positions, paged",
    access: "positions.read",
    query: z.object(pagingQuery(POSITIONS_API_PAGE.max, POSITIONS_API_PAGE.fallback)),
    responses: {
      200: {
        description: "One page of positions.",
        schema: z.object({ positions: z.array(positionSchema), ...pagedFields }),
      },
    },
  }),
};

import * as z from "zod";
import { TEAMS_PAGE_SIZE } from "~/features/teams/list-sizes";
import { apiOperation, id, pagedFields, pagingQuery } from "../operation";
import { linkedTeamGoalSchema } from "./reviews";

/**
 * The team calls of spec §7 (GET /api/teams, /api/teams/{id}) as zod schemas, with the goals and ambitions
 * of spec §3 Team (docs/decisions/1753). Client-safe.
 */

/**
 * Spec §3 "Team goal" (goal or ambition text, growth strategy, measured by, time period, additional text,
 * archived): the review's linked goal without its one review, with the team reviews it is linked to.
 */
export const teamGoalSchema = linkedTeamGoalSchema.omit({ reviewId: true }).extend({
  reviewIds: z.array(id()),
  rounds: z.array(z.string()),
});

const goalsAndAmbitions = {
  /** Active ones first (oldest first), then archived ones. */
  goals: z.array(teamGoalSchema),
  ambitions: z.array(teamGoalSchema),
};

const placeSchema = z.object({ membershipId: id(), name: z.string(), email: z.string(), fte: z.number() });

export const teamOperations = {
  listTeams: apiOperation({
    operationId: "listTeams",
    method: "get",
    path: "/api/teams",
    tag: "Organisation",
    summary: "The cluster's teams with their counts, FTE, goals and ambitions, paged",
    access: "teams.manage",
    query: z.object({
      q: z.string().max(200).optional().meta({ description: "Part of the team's name." }),
      ...pagingQuery(TEAMS_PAGE_SIZE, TEAMS_PAGE_SIZE),
    }),
    responses: {
      200: {
        description: "One page of teams, by name.",
        schema: z.object({
          teams: z.array(
            z.object({
              id: id(),
              name: z.string(),
              memberCount: z.number().int().min(0),
              leaderCount: z.number().int().min(0),
              fte: z.number(),
              ...goalsAndAmbitions,
            }),
          ),
          ...pagedFields,
        }),
      },
    },
  }),
  getTeam: apiOperation({
    operationId: "getTeam",
    method: "get",
    path: "/api/teams/{id}",
    tag: "Organisation",
    summary: "A team with its leaders, members, goals and ambitions",
    access: "teams.manage",
    responses: {
      200: {
        description: "The team.",
        schema: z.object({
          team: z.object({
            id: id(),
            name: z.string(),
            leaders: z.array(placeSchema),
            members: z.array(placeSchema),
            ...goalsAndAmbitions,
          }),
        }),
      },
    },
  }),
};

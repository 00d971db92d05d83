import * as z from "zod";
import { apiOperation, id } from "../operation";

/** Spec §7 PUT /api/criteria-sets/{id} (isActive) as a zod schema (docs/decisions/1650). Client-safe. */
export const criteriaSetOperations = {
  updateCriteriaSet: apiOperation({
    operationId: "updateCriteriaSet",
    method: "put",
    path: "/api/criteria-sets/{id}",
    tag: "Reviews",
    summary: "Turns a criteria set on or off",
    access: "sets.manage",
    body: z.object({ isActive: z.boolean() }),
    responses: { 200: { description: "The set's state.", schema: z.object({ id: id(), isActive: z.boolean() }) } },
  }),
};

import * as z from "zod";

/** The role is checked against the role keys on the server (they live in the drizzle schema). */
export const roleRightsSchema = z.object({
  role: z.string(),
  rights: z.array(z.string()).optional().default([]),
});

import * as z from "zod";
import { lineText } from "~/utils/text-schema";

/** The role is checked against the role keys on the server (they live in the drizzle schema). */
export const roleRightsSchema = z.object({
  role: lineText(),
  rights: z.array(lineText()).optional().default([]),
});

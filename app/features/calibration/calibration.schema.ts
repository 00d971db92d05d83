import * as z from "zod";
import { developmentRoles } from "~/features/criteria/development-roles";
import { pageNumber } from "~/utils/list-filter";
import { multilineText } from "~/utils/text-schema";

/** The longest reason a calibration move may carry. */
export const MAX_CALIBRATION_REASON = 1000;

const roleIds = developmentRoles.map((r) => String(r.id)) as [string, ...string[]];

/** One move: the development role the person goes to and why (required). Client-safe. */
export const calibrationMoveSchema = z.object({
  role: z.enum(roleIds, { error: "calibration:errors.role" }).transform(Number),
  reason: multilineText({ error: "calibration:errors.reason" })
    .trim()
    .min(1, { error: "calibration:errors.reason" })
    .max(MAX_CALIBRATION_REASON, { error: "validation:maxLength" }),
});
export type CalibrationMoveInput = z.output<typeof calibrationMoveSchema>;

const optionalUuid = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && z.uuid().safeParse(v).success ? v : null));

const optionalRole = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && roleIds.includes(v) ? Number(v) : null));

/** The calibration view's query: the round, a team review, a placement, the page. Bad values fall back. */
export const calibrationFilterSchema = z.object({
  round: optionalUuid,
  team: optionalUuid,
  role: optionalRole,
  page: pageNumber,
});

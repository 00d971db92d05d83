import * as z from "zod";
import { apiOperation } from "../operation";
import { namedRefSchema } from "./reviews";

/**
 * The answers of GET api/review-settings and GET api/criteria?for=store (spec §3, §7) as zod schemas: what
 * the OpenAPI document publishes and the integration tests validate real answers against (docs/decisions/
 * 1660, 1663). Client-safe.
 */

const dimensionSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const levelNameSchema = z.enum(["excellent", "good", "normal", "mediocre", "low", "notRated"]);
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i);

/** The flow section of the review settings (spec §3 "flow"): score scale 1..scaleMax and the zone bands. */
export const flowSettingsSchema = z.object({
  scaleMax: z.number().int().min(4).max(10),
  flowBand: z.number().int().min(0),
  stressBand: z.number().int().min(1),
});

/** GET api/review-settings: dimensions, currentScale, scales with their levels and colour list, roles, flow. */
export const reviewSettingsSchema = z.object({
  dimensions: z.array(z.object({ dimension: dimensionSchema, name: z.string(), label: z.string() })),
  currentScale: z.union([z.literal(3), z.literal(4), z.literal(5)]),
  scales: z.array(
    z.object({
      size: z.union([z.literal(3), z.literal(4), z.literal(5)]),
      levels: z.array(z.object({ value: z.number().int().min(0).max(5), name: levelNameSchema, color: hexColor })),
      /** The scale's colour list, in the order of its levels (highest first, not-rated last). */
      colors: z.array(hexColor),
    }),
  ),
  roles: z.array(z.object({ id: z.number().int().min(1).max(5), key: z.string(), label: z.string() })),
  thresholds: z.object({
    lowerPercent: z.number(),
    upperPercent: z.number(),
    employabilityPercent: z.number(),
  }),
  flow: flowSettingsSchema,
});

/** Spec §3 "Criterion" as the store holds it: with tags (objects) and the selection flags. */
export const storeCriterionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  dimension: dimensionSchema,
  characteristics: z.record(z.string(), z.string()),
  archived: z.boolean(),
  tags: z.array(namedRefSchema),
  /** With ?set=: part of that set (selected from the start and not to be removed); else false (1663). */
  selected: z.boolean(),
  disabled: z.boolean(),
  belongsToSet: z.boolean(),
});

/** Spec §3 "Criteria set". */
export const storeSetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  visibleToTeamLeaders: z.boolean(),
  flex: z.number().int().min(0),
  basic: z.boolean(),
  isActive: z.boolean(),
  archived: z.boolean(),
  criteria: z.array(z.object({ id: z.uuid(), dimension: dimensionSchema })),
  teamIds: z.array(z.uuid()),
});

/** Spec §3 "Tag": id, name, criteria (the ids of its criteria), and whether it is a system tag. */
export const storeTagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isSystem: z.boolean(),
  criteria: z.array(z.uuid()),
});

/** GET api/criteria?for=store: criteria, sets, flow, tags. */
export const criteriaStoreSchema = z.object({
  criteria: z.array(storeCriterionSchema),
  sets: z.array(storeSetSchema),
  flow: flowSettingsSchema,
  tags: z.array(storeTagSchema),
});

/** The settings and criteria store calls in the OpenAPI document (docs/decisions/1650, 1663). */
export const criteriaOperations = {
  getReviewSettings: apiOperation({
    operationId: "getReviewSettings",
    method: "get",
    path: "/api/review-settings",
    tag: "Reviews",
    summary: "The cluster's review settings in the caller's language: dimensions, scales, roles, flow",
    access: "reviews.manage",
    responses: { 200: { description: "The settings.", schema: reviewSettingsSchema } },
  }),
  getCriteriaStore: apiOperation({
    operationId: "getCriteriaStore",
    method: "get",
    path: "/api/criteria",
    tag: "Reviews",
    summary: "Criteria with their tags and flags, sets, flow settings and criteria tags",
    description: "`for=store` is required; `set` marks the criteria of that set (404 for a set of another cluster).",
    access: "criteria.read",
    query: z.object({ for: z.literal("store"), set: z.uuid().optional() }),
    extraErrors: { 404: "`set` names no set of the caller's cluster." },
    responses: { 200: { description: "The store.", schema: criteriaStoreSchema } },
  }),
};

/**
 * The knowledge scale (docs/decisions/1081): 0 = none, 1 = basic, 2 = advanced, 3 = expert. Fixed, not the
 * cluster's review scale, so a card keeps its meaning when the review settings change. Client-safe.
 */
export const KNOWLEDGE_LEVEL_MAX = 3;
/** The levels a team can need people at (0 is "none" and is never needed). */
export const neededLevels = [1, 2, 3] as const;
/** Every level a person can have. */
export const knowledgeLevels = [0, 1, 2, 3] as const;
export type KnowledgeLevel = (typeof knowledgeLevels)[number];
/** At most this many people needed per level of an area. */
export const MAX_NEEDED_PER_LEVEL = 99;

/** The tabs of a team's knowledge card (spec §2 knowledge-areas/teams/{id}/{tab}). */
export const knowledgeCardTabs = ["card", "members"] as const;
export type KnowledgeCardTab = (typeof knowledgeCardTabs)[number];

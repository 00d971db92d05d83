/** Value lists shared by the schema and by browser code (no drizzle imports here, so it can be bundled). */
export const loginTypes = ["email", "sso", "emailAndSSO"] as const;
export const languages = ["nl", "en", "de"] as const;
export const genders = ["f", "m"] as const;
/** How often a member gets the e-mail digest; "none" also stops the immediate task mails (docs/decisions/1101). */
export const updatesFrequencies = ["weekly", "biweekly", "fourweekly", "none"] as const;
export const membershipStatuses = ["active", "inactive"] as const;
export type UpdatesFrequency = (typeof updatesFrequencies)[number];
/** Personnel tags label employees, criteria tags criteria, competence tags competences (docs/decisions/1302). */
export const tagKinds = ["personnel", "criteria", "competence"] as const;
export type TagKind = (typeof tagKinds)[number];
/** A team goal is a goal or an ambition (spec §3 "Team goal"). */
export const teamGoalKinds = ["goal", "ambition"] as const;
export type TeamGoalKind = (typeof teamGoalKinds)[number];
/** Competence types (spec §3): core competence, competence, functional (position) competence, knowledge area, core value. */
export const competenceTypes = ["core", "competence", "functional", "knowledge_area", "core_value"] as const;
export type CompetenceType = (typeof competenceTypes)[number];
/** The planning horizons of spec §3/§9: today, one year ahead, five years ahead. */
export const planningHorizons = ["current", "1y", "5y"] as const;
export type PlanningHorizon = (typeof planningHorizons)[number];

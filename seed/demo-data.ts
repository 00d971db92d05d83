import type { ModuleKey } from "~/utils/modules";

/**
 * Names and sign-in details of the demo data (seed/run.ts). Shared by the seed, the integration
 * tests and the e2e tests, so that a test asserts on the same names the seed writes.
 */

export const DEMO_PASSWORD = "Welkom!2026";

export const demoUsers = {
  /** Account admin of Demo BV; also cluster_admin in the first cluster. */
  admin: "admin@demo.nl",
  /** cluster_admin (cluster level) of the first cluster. */
  hr: "hr@demo.nl",
  /** team_admin of the first two teams of the first cluster. */
  leider: "leider@demo.nl",
  /** team_member of the first team of the first cluster; no other roles. */
  medewerker: "medewerker@demo.nl",
  /** team_member in a team of each cluster (memberships in both). */
  meerdere: "meerdere@demo.nl",
  /** Account admin of the separate account Andere BV. */
  andere: "andere@demo.nl",
} as const;
export type DemoUserKey = keyof typeof demoUsers;

export const demoUserNames: Record<DemoUserKey, { firstName: string; lastName: string; gender: "f" | "m" }> = {
  admin: { firstName: "Marieke", lastName: "van den Berg", gender: "f" },
  hr: { firstName: "Sandra", lastName: "Kuipers", gender: "f" },
  leider: { firstName: "Pieter", lastName: "de Jong", gender: "m" },
  medewerker: { firstName: "Lotte", lastName: "Jansen", gender: "f" },
  meerdere: { firstName: "Daan", lastName: "van der Veen", gender: "m" },
  andere: { firstName: "Erik", lastName: "Smit", gender: "m" },
};

export const demoAccounts = {
  demo: "Demo BV",
  andere: "Andere BV",
} as const;
export type DemoAccountKey = keyof typeof demoAccounts;

export const demoClusters = {
  /** All modules except 2fa. */
  noord: "Zorggroep Noord",
  /** A subset of the modules. */
  zuid: "Zorggroep Zuid",
  /** The only cluster of Andere BV. */
  andere: "Andere Organisatie",
} as const;
export type DemoClusterKey = keyof typeof demoClusters;

export const demoTeams = {
  noord: [
    "Verpleegafdeling De Linde",
    "Thuiszorg Groningen-Stad",
    "Revalidatie Het Anker",
    "Wijkteam Assen",
    "Facilitaire Dienst",
  ],
  zuid: ["Thuiszorg Eindhoven", "Verpleeghuis De Zonnehof", "Dagbesteding Het Atelier"],
  andere: ["Klantenservice"],
} as const;

/**
 * The team whose finished reviews cover fewer people than the analytics threshold (5, docs/decisions/1600):
 * only its first four members were reviewed, so HR analytics show it as hidden.
 */
export const smallReviewedTeam = { name: demoTeams.noord[4], reviewed: 4 } as const;

/** Teams led by leider@demo.nl (both in Zorggroep Noord). */
export const leiderTeams = [demoTeams.noord[0], demoTeams.noord[1]] as const;
/** The team of medewerker@demo.nl (led by leider@demo.nl). */
export const medewerkerTeam = demoTeams.noord[0];
/** The teams of meerdere@demo.nl: one in Zorggroep Noord, one in Zorggroep Zuid. */
export const meerdereTeams = {
  noord: demoTeams.noord[2],
  zuid: demoTeams.zuid[0],
} as const;

/** Modules of the clusters of Demo BV (the account itself has every module active). */
export const demoClusterModules = {
  noord: [
    "team-review",
    "self-review",
    "peer-review",
    "flow",
    "dialog",
    "competences",
    "knowledge-areas",
    "growth-and-ambition",
  ],
  zuid: ["team-review", "self-review", "dialog", "competences"],
  andere: ["team-review", "self-review", "dialog"],
} as const satisfies Record<string, readonly ModuleKey[]>;

/** The demo team reviews of the first cluster (rounds get the year appended) and their criteria set. */
export const demoReviewNames = {
  /** A finished round half a year before "finished": analytics show the movement between the two. */
  earlier: "Teamreview winter",
  finished: "Teamreview voorjaar",
  open: "Teamreview najaar",
  set: "Basisset zorg",
} as const;

/** The demo self reviews of the first cluster (the year is appended): open and finished (from the finished round). */
export const demoSelfReviewNames = {
  open: "Zelfbeoordeling najaar",
  finished: "Zelfbeoordeling voorjaar",
} as const;

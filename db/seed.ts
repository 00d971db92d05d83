/**
 * Demo data: the account Demo BV (two clusters, eight teams, about sixty employees) and a
 * separate account Andere BV. Deterministic: names, e-mail addresses and team places come
 * from a seeded PRNG; only dates are relative to today.
 *
 *   tsx db/seed.ts   migrates DATABASE_URL and seeds it when it has no accounts yet.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { createCluster } from "~/features/account/clusters.server";
import { hashPassword } from "~/features/auth/password.server";
import { moduleKeys, type ModuleKey } from "~/utils/modules";
import type { Database, Tx } from "./client.server";
import { runMigrations } from "./migrate";
import * as schema from "./schema";
import { accountModules, accounts, contracts, memberships, positions, roleAssignments, teams, users } from "./schema";
import type { RoleKey } from "./schema/teams";
import {
  DEMO_PASSWORD,
  demoAccounts,
  demoClusterModules,
  demoClusters,
  demoTeams,
  demoUserNames,
  demoUsers,
  leiderTeams,
  type DemoUserKey,
} from "./seed-data";
import { seedDemoReviews } from "./seed-reviews";

// ---------------------------------------------------------------------------------------------
// Deterministic helpers

/** mulberry32: small, fast, good enough for demo data. */
function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, int, pick };
}
type Rng = ReturnType<typeof createRng>;

const DAY = 24 * 60 * 60 * 1000;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY);
}

function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

// ---------------------------------------------------------------------------------------------
// Name material

const femaleFirstNames = [
  "Anna",
  "Emma",
  "Sophie",
  "Julia",
  "Sanne",
  "Lisa",
  "Eva",
  "Fleur",
  "Iris",
  "Femke",
  "Noor",
  "Anouk",
  "Esther",
  "Ingrid",
  "Marloes",
  "Ilse",
  "Yvonne",
  "Wendy",
  "Karin",
  "Mirjam",
  "Inge",
  "Linda",
  "Saskia",
  "Petra",
  "Nathalie",
  "Joyce",
  "Romy",
  "Chantal",
  "Renée",
  "Fatima",
];
const maleFirstNames = [
  "Jan",
  "Pieter",
  "Thomas",
  "Lucas",
  "Bram",
  "Sem",
  "Ruben",
  "Jeroen",
  "Bas",
  "Mark",
  "Tim",
  "Niels",
  "Joost",
  "Willem",
  "Henk",
  "Gerrit",
  "Koen",
  "Martijn",
  "Stijn",
  "Mohammed",
];
const lastNames = [
  "de Vries",
  "van der Berg",
  "Bakker",
  "Visser",
  "Smit",
  "Meijer",
  "de Boer",
  "Mulder",
  "de Groot",
  "Bos",
  "Vos",
  "Peters",
  "Hendriks",
  "van Leeuwen",
  "Dekker",
  "Brouwer",
  "de Wit",
  "Dijkstra",
  "Smits",
  "de Graaf",
  "van der Meer",
  "van der Linden",
  "Kok",
  "Jacobs",
  "de Haan",
  "Vermeulen",
  "van den Heuvel",
  "van den Broek",
  "de Bruijn",
  "van Dijk",
  "van Beek",
  "Schouten",
  "Willems",
  "Hoekstra",
  "Koster",
  "Prins",
  "Huisman",
  "van Wijk",
  "Postma",
  "Kramer",
  "ter Horst",
  "El Amrani",
  "Yilmaz",
  "van 't Hof",
];
const streets = [
  "Kerkstraat",
  "Dorpsstraat",
  "Schoolstraat",
  "Molenweg",
  "Stationsweg",
  "Beatrixlaan",
  "Julianastraat",
  "Lindenlaan",
  "Eikenlaan",
  "Parallelweg",
  "Wilhelminastraat",
  "Havenstraat",
];
const regions = {
  noord: {
    cities: ["Groningen", "Assen", "Leeuwarden", "Drachten", "Emmen", "Haren", "Veendam"],
    zip: [9000, 9799],
  },
  zuid: {
    cities: ["Eindhoven", "Tilburg", "Breda", "Helmond", "Veldhoven", "Oss", "Best"],
    zip: [4800, 5799],
  },
  andere: {
    cities: ["Utrecht", "Amersfoort", "Zeist", "Nieuwegein"],
    zip: [3400, 3899],
  },
} as const;
type Region = keyof typeof regions;
// Letters PostNL uses in postcodes (no F, I, O, Q, U, Y); S is left out to avoid SA, SD and SS.
const zipLetters = "ABCEGHJKLMNPRTVWXZ".split("");

// Positions per cluster: name, code, levels, parent name.
const positionDefs: ReadonlyArray<{
  name: string;
  code: string;
  levels: number;
  parent?: string;
}> = [
  { name: "Locatiemanager", code: "LOC", levels: 3 },
  { name: "Teamleider", code: "TL", levels: 3, parent: "Locatiemanager" },
  { name: "Verpleegkundige", code: "VPK", levels: 3 },
  {
    name: "Wijkverpleegkundige",
    code: "WVK",
    levels: 3,
    parent: "Verpleegkundige",
  },
  { name: "Verzorgende IG", code: "VIG", levels: 3 },
  { name: "Helpende Zorg & Welzijn", code: "HZW", levels: 2 },
  { name: "Fysiotherapeut", code: "FYS", levels: 3 },
  { name: "Ergotherapeut", code: "ERG", levels: 2 },
  { name: "Activiteitenbegeleider", code: "ACB", levels: 2 },
  { name: "Planner", code: "PLN", levels: 2 },
  { name: "HR-adviseur", code: "HRA", levels: 3 },
  { name: "Medewerker Facilitair", code: "FAC", levels: 2 },
];
const teamPositions: Record<string, readonly string[]> = {
  "Verpleegafdeling De Linde": ["Verpleegkundige", "Verzorgende IG", "Verzorgende IG", "Helpende Zorg & Welzijn"],
  "Thuiszorg Groningen-Stad": ["Wijkverpleegkundige", "Verzorgende IG", "Helpende Zorg & Welzijn"],
  "Revalidatie Het Anker": ["Fysiotherapeut", "Ergotherapeut", "Verpleegkundige"],
  "Wijkteam Assen": ["Wijkverpleegkundige", "Verpleegkundige", "Verzorgende IG"],
  "Facilitaire Dienst": ["Medewerker Facilitair", "Medewerker Facilitair", "Planner"],
  "Thuiszorg Eindhoven": ["Wijkverpleegkundige", "Verzorgende IG", "Helpende Zorg & Welzijn"],
  "Verpleeghuis De Zonnehof": ["Verpleegkundige", "Verzorgende IG", "Helpende Zorg & Welzijn"],
  "Dagbesteding Het Atelier": ["Activiteitenbegeleider", "Helpende Zorg & Welzijn"],
};
const andereTitles = ["Klantadviseur", "Teamleider", "Planner"];

// ---------------------------------------------------------------------------------------------
// Building the people

type RoleSpec = { role: RoleKey; team?: string };
type MembershipSpec = {
  cluster: string; // cluster name
  employeeNumber: string;
  status: "active" | "inactive";
  access: boolean;
  deleted: boolean;
  roles: RoleSpec[];
  contract: { position: string; fte: number; temporary: boolean } | null;
};
type PersonSpec = {
  account: string; // account name
  email: string;
  firstName: string;
  lastName: string;
  gender: "f" | "m" | null;
  language: "nl" | "en" | "de";
  isAccountAdmin: boolean;
  region: Region;
  memberships: MembershipSpec[];
};

const fteChoices = [0.5, 0.6, 0.6, 0.67, 0.8, 0.8, 0.8, 0.89, 1.0, 1.0];

class PeopleBuilder {
  readonly people: PersonSpec[] = [];
  private readonly emails = new Set<string>();
  private readonly numbers = new Map<string, number>();

  constructor(private readonly rng: Rng) {}

  reserveEmail(email: string) {
    this.emails.add(email.toLowerCase());
  }

  employeeNumber(prefix: string, start: number): string {
    const n = this.numbers.get(prefix) ?? start;
    this.numbers.set(prefix, n + 1);
    return `${prefix}${n}`;
  }

  private readonly fullNames = new Set<string>(Object.values(demoUserNames).map((n) => `${n.firstName} ${n.lastName}`));

  /** A random Dutch name, never the same full name twice. */
  randomName(): {
    firstName: string;
    lastName: string;
    gender: "f" | "m" | null;
  } {
    for (;;) {
      const r = this.rng.next();
      const gender = r < 0.62 ? "f" : r < 0.97 ? "m" : null;
      const firstName = this.rng.pick(
        gender === "m" ? maleFirstNames : gender === "f" ? femaleFirstNames : [...femaleFirstNames, ...maleFirstNames],
      );
      const lastName = this.rng.pick(lastNames);
      if (this.fullNames.has(`${firstName} ${lastName}`)) continue;
      this.fullNames.add(`${firstName} ${lastName}`);
      return { firstName, lastName, gender };
    }
  }

  uniqueEmail(firstName: string, lastName: string, domain: string): string {
    const base = `${slug(firstName)}.${slug(lastName)}`;
    let email = `${base}@${domain}`;
    for (let i = 2; this.emails.has(email); i++) email = `${base}${i}@${domain}`;
    this.emails.add(email);
    return email;
  }

  contract(position: string, temporaryShare = 0.25) {
    return {
      position,
      fte: this.rng.pick(fteChoices),
      temporary: this.rng.next() < temporaryShare,
    };
  }

  add(person: PersonSpec) {
    this.people.push(person);
  }
}

function languageFor(index: number): "nl" | "en" | "de" {
  if (index % 15 === 7) return "en";
  if (index % 19 === 11) return "de";
  return "nl";
}

/** Generated employees of one cluster of Demo BV. */
function addClusterEmployees(
  b: PeopleBuilder,
  rng: Rng,
  opts: {
    cluster: string;
    region: Region;
    prefix: string;
    start: number;
    count: number;
    /** Teams that need a generated team leader. */
    ledTeams: readonly string[];
    memberTeams: readonly string[];
    /** index → special treatment */
    clusterRoles: Record<number, { roles: RoleKey[]; position: string; team?: string }>;
    inactive: number[];
    noAccess: number[];
    noContract: number[];
    deleted: number[];
    languageOffset: number;
  },
) {
  let memberSlot = 0;
  for (let i = 0; i < opts.count; i++) {
    const { firstName, lastName, gender } = b.randomName();
    const email = b.uniqueEmail(firstName, lastName, "demo.nl");
    const roles: RoleSpec[] = [];
    let position: string;
    const special = opts.clusterRoles[i];
    if (i < opts.ledTeams.length) {
      roles.push({ role: "team_admin", team: opts.ledTeams[i] });
      position = "Teamleider";
    } else if (special) {
      roles.push(...special.roles.map((role) => ({ role })));
      if (special.team) roles.push({ role: "team_member", team: special.team });
      position = special.position;
    } else {
      const team = opts.memberTeams[memberSlot++ % opts.memberTeams.length];
      roles.push({ role: "team_member", team });
      position = rng.pick(teamPositions[team] ?? ["Verzorgende IG"]);
    }
    const deleted = opts.deleted.includes(i);
    const inactive = opts.inactive.includes(i);
    const access = !deleted && !inactive && !opts.noAccess.includes(i);
    const contract = deleted || opts.noContract.includes(i) ? null : b.contract(position);
    b.add({
      account: demoAccounts.demo,
      email,
      firstName,
      lastName,
      gender,
      language: languageFor(i + opts.languageOffset),
      isAccountAdmin: false,
      region: opts.region,
      memberships: [
        {
          cluster: opts.cluster,
          employeeNumber: b.employeeNumber(opts.prefix, opts.start),
          status: inactive ? "inactive" : "active",
          access,
          deleted,
          roles: deleted ? [] : roles,
          contract,
        },
      ],
    });
  }
}

function buildPeople(rng: Rng): PersonSpec[] {
  const b = new PeopleBuilder(rng);
  for (const email of Object.values(demoUsers)) b.reserveEmail(email);
  const [linde, thuiszorgStad, anker, assen, facilitair] = demoTeams.noord;
  const [eindhoven, zonnehof, atelier] = demoTeams.zuid;

  const demoPerson = (
    key: DemoUserKey,
    account: string,
    region: Region,
    isAccountAdmin: boolean,
    ms: MembershipSpec[],
  ) => {
    const n = demoUserNames[key];
    b.add({
      account,
      email: demoUsers[key],
      ...n,
      language: "nl",
      isAccountAdmin,
      region,
      memberships: ms,
    });
  };
  const noordNr = () => b.employeeNumber("N", 1001);
  const zuidNr = () => b.employeeNumber("Z", 2001);
  const base = { status: "active" as const, access: true, deleted: false };

  // The demo users of Demo BV.
  demoPerson("admin", demoAccounts.demo, "noord", true, [
    {
      ...base,
      cluster: demoClusters.noord,
      employeeNumber: noordNr(),
      roles: [{ role: "cluster_admin" }],
      contract: null,
    },
  ]);
  demoPerson("hr", demoAccounts.demo, "noord", false, [
    {
      ...base,
      cluster: demoClusters.noord,
      employeeNumber: noordNr(),
      roles: [{ role: "cluster_admin" }],
      contract: { position: "HR-adviseur", fte: 0.89, temporary: false },
    },
  ]);
  demoPerson("leider", demoAccounts.demo, "noord", false, [
    {
      ...base,
      cluster: demoClusters.noord,
      employeeNumber: noordNr(),
      roles: [
        { role: "team_admin", team: linde },
        { role: "team_admin", team: thuiszorgStad },
      ],
      contract: { position: "Teamleider", fte: 1.0, temporary: false },
    },
  ]);
  demoPerson("medewerker", demoAccounts.demo, "noord", false, [
    {
      ...base,
      cluster: demoClusters.noord,
      employeeNumber: noordNr(),
      roles: [{ role: "team_member", team: linde }],
      contract: { position: "Verzorgende IG", fte: 0.8, temporary: false },
    },
  ]);
  demoPerson("meerdere", demoAccounts.demo, "noord", false, [
    {
      ...base,
      cluster: demoClusters.noord,
      employeeNumber: noordNr(),
      roles: [{ role: "team_member", team: anker }],
      contract: { position: "Fysiotherapeut", fte: 0.6, temporary: false },
    },
    {
      ...base,
      cluster: demoClusters.zuid,
      employeeNumber: zuidNr(),
      roles: [{ role: "team_member", team: eindhoven }],
      contract: { position: "Fysiotherapeut", fte: 0.4, temporary: true },
    },
  ]);

  // Generated employees of Zorggroep Noord (36) and Zorggroep Zuid (20).
  addClusterEmployees(b, rng, {
    cluster: demoClusters.noord,
    region: "noord",
    prefix: "N",
    start: 1001,
    count: 36,
    ledTeams: [anker, assen, facilitair],
    memberTeams: [linde, thuiszorgStad, anker, assen, facilitair],
    clusterRoles: {
      3: { roles: ["advisor"], position: "HR-adviseur" },
      4: { roles: ["data_manager"], position: "Planner", team: facilitair },
      5: { roles: ["reviewer"], position: "Verpleegkundige", team: linde },
    },
    inactive: [30, 31],
    noAccess: [32, 33],
    noContract: [28, 29],
    deleted: [35],
    languageOffset: 0,
  });
  addClusterEmployees(b, rng, {
    cluster: demoClusters.zuid,
    region: "zuid",
    prefix: "Z",
    start: 2001,
    count: 20,
    ledTeams: [eindhoven, zonnehof, atelier],
    memberTeams: [eindhoven, zonnehof, atelier],
    clusterRoles: {
      3: { roles: ["cluster_admin"], position: "Locatiemanager" },
      4: { roles: ["data_manager"], position: "Planner", team: zonnehof },
    },
    inactive: [18],
    noAccess: [19],
    noContract: [17],
    deleted: [],
    languageOffset: 36,
  });

  // Andere BV: its account admin plus five employees in one team.
  const [klantenservice] = demoTeams.andere;
  demoPerson("andere", demoAccounts.andere, "andere", true, [
    {
      ...base,
      cluster: demoClusters.andere,
      employeeNumber: b.employeeNumber("A", 101),
      roles: [{ role: "cluster_admin" }],
      contract: null,
    },
  ]);
  for (let i = 0; i < 5; i++) {
    const { firstName, lastName, gender } = b.randomName();
    const position = i === 0 ? "Teamleider" : rng.pick(andereTitles.filter((t) => t !== "Teamleider"));
    b.add({
      account: demoAccounts.andere,
      email: b.uniqueEmail(firstName, lastName, "andere.nl"),
      firstName,
      lastName,
      gender,
      language: "nl",
      isAccountAdmin: false,
      region: "andere",
      memberships: [
        {
          ...base,
          cluster: demoClusters.andere,
          employeeNumber: b.employeeNumber("A", 101),
          roles: [
            {
              role: i === 0 ? "team_admin" : "team_member",
              team: klantenservice,
            },
          ],
          contract: b.contract(position),
        },
      ],
    });
  }
  return b.people;
}

// ---------------------------------------------------------------------------------------------
// Writing

async function insertDemo(tx: Tx, passwordHash: string, now = new Date()): Promise<void> {
  const rng = createRng(20260101);
  const people = buildPeople(rng);

  // Accounts and their modules.
  const [demo] = await tx
    .insert(accounts)
    .values({
      name: demoAccounts.demo,
      licenceStatus: "active",
      licensedTeams: 20,
      licensedEmployees: 150,
      licenceExpiresAt: addDays(now, 365),
      address: "Stationsplein 12",
      zip: "9726 AE",
      city: "Groningen",
      country: "NL",
      vatNumber: "NL859672145B01",
      iban: "NL91ABNA0417164300",
      bic: "ABNANL2A",
      chamberOfCommerce: "68750110",
      phone: "050-3123456",
      invoiceDate: isoDate(addDays(now, 365 - 30)),
    })
    .returning();
  const [andere] = await tx
    .insert(accounts)
    .values({
      name: demoAccounts.andere,
      licenceStatus: "active",
      licensedTeams: 5,
      licensedEmployees: 25,
      licenceExpiresAt: addDays(now, 200),
      address: "Oudegracht 210",
      zip: "3511 NR",
      city: "Utrecht",
      country: "NL",
      vatNumber: "NL812345678B01",
      iban: "NL20INGB0001234567",
      bic: "INGBNL2A",
      chamberOfCommerce: "30123456",
      phone: "030-2345678",
    })
    .returning();
  const accountIds: Record<string, string> = {
    [demo.name]: demo.id,
    [andere.name]: andere.id,
  };
  await tx.insert(accountModules).values([
    ...moduleKeys.map((moduleKey) => ({
      accountId: demo.id,
      moduleKey,
      active: true,
    })),
    ...demoClusterModules.andere.map((moduleKey) => ({
      accountId: andere.id,
      moduleKey,
      active: true,
    })),
  ]);

  // Clusters (each through createCluster: modules and default role rights).
  const clusterDefs: Array<{
    name: string;
    accountId: string;
    modules: readonly ModuleKey[];
    teams: readonly string[];
  }> = [
    {
      name: demoClusters.noord,
      accountId: demo.id,
      modules: demoClusterModules.noord,
      teams: demoTeams.noord,
    },
    {
      name: demoClusters.zuid,
      accountId: demo.id,
      modules: demoClusterModules.zuid,
      teams: demoTeams.zuid,
    },
    {
      name: demoClusters.andere,
      accountId: andere.id,
      modules: demoClusterModules.andere,
      teams: demoTeams.andere,
    },
  ];
  const clusterIds = new Map<string, { id: string; accountId: string }>();
  const teamIds = new Map<string, string>(); // team name → id (names are unique over the demo)
  const positionIds = new Map<string, string>(); // `${cluster}|${position}` → id
  for (const def of clusterDefs) {
    const cluster = await createCluster(tx, {
      accountId: def.accountId,
      name: def.name,
      modules: def.modules,
    });
    clusterIds.set(def.name, { id: cluster.id, accountId: def.accountId });

    const insertedTeams = await tx
      .insert(teams)
      .values(
        def.teams.map((name) => ({
          accountId: def.accountId,
          clusterId: cluster.id,
          name,
        })),
      )
      .returning({ id: teams.id, name: teams.name });
    for (const t of insertedTeams) teamIds.set(t.name, t.id);

    const defs =
      def.accountId === andere.id
        ? andereTitles.map((name, i) => ({
            name,
            code: ["KA", "TL", "PLN"][i],
            levels: 2,
            parent: undefined as string | undefined,
          }))
        : positionDefs;
    const inserted = await tx
      .insert(positions)
      .values(
        defs.map((p) => ({
          accountId: def.accountId,
          clusterId: cluster.id,
          name: p.name,
          code: p.code,
          levels: p.levels,
        })),
      )
      .returning({ id: positions.id, name: positions.name });
    for (const p of inserted) positionIds.set(`${def.name}|${p.name}`, p.id);
    for (const p of defs) {
      if (!p.parent) continue;
      await tx
        .update(positions)
        .set({ parentId: positionIds.get(`${def.name}|${p.parent}`)! })
        .where(sql`${positions.id} = ${positionIds.get(`${def.name}|${p.name}`)!}`);
    }
  }

  // Users.
  const userRows = people.map((p) => {
    const r = regions[p.region];
    const birthYear = rng.int(1963, 2003);
    return {
      accountId: accountIds[p.account],
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      birthday: `${birthYear}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
      gender: p.gender,
      phone: `06-${String(rng.int(10000000, 99999999))}`,
      address: `${rng.pick(streets)} ${rng.int(1, 180)}`,
      zip: `${rng.int(r.zip[0], r.zip[1])} ${rng.pick(zipLetters)}${rng.pick(zipLetters)}`,
      city: rng.pick(r.cities),
      country: "NL",
      language: p.language,
      loginType: "email" as const,
      emailVerifiedAt: now,
      passwordHash,
      isAccountAdmin: p.isAccountAdmin,
      firstLoginAt: null,
    };
  });
  const insertedUsers = await tx.insert(users).values(userRows).returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(insertedUsers.map((u) => [u.email, u.id]));

  // Memberships.
  const membershipRows = people.flatMap((p) =>
    p.memberships.map((m) => {
      const cluster = clusterIds.get(m.cluster)!;
      return {
        accountId: cluster.accountId,
        clusterId: cluster.id,
        userId: userIdByEmail.get(p.email)!,
        employeeNumber: m.employeeNumber,
        status: m.status,
        access: m.access,
        invited: m.access,
        invitedAt: m.access ? addDays(now, -rng.int(7, 400)) : null,
        updatesFrequency: rng.pick(["weekly", "weekly", "biweekly", "fourweekly"] as const),
        deletedAt: m.deleted ? addDays(now, -rng.int(5, 60)) : null,
      };
    }),
  );
  const insertedMemberships = await tx.insert(memberships).values(membershipRows).returning({
    id: memberships.id,
    clusterId: memberships.clusterId,
    userId: memberships.userId,
  });
  const membershipId = new Map(insertedMemberships.map((m) => [`${m.clusterId}|${m.userId}`, m.id]));

  // Roles (team places are team-level roles) and contracts.
  const roleRows: Array<typeof roleAssignments.$inferInsert> = [];
  const contractRows: Array<typeof contracts.$inferInsert> = [];
  for (const p of people) {
    for (const m of p.memberships) {
      const cluster = clusterIds.get(m.cluster)!;
      const mid = membershipId.get(`${cluster.id}|${userIdByEmail.get(p.email)!}`)!;
      for (const r of m.roles) {
        roleRows.push({
          accountId: cluster.accountId,
          clusterId: cluster.id,
          membershipId: mid,
          roleKey: r.role,
          level: r.team ? "team" : "cluster",
          teamId: r.team ? teamIds.get(r.team)! : null,
        });
      }
      if (m.contract) {
        // Temporary contracts started recently and end within about a year; permanent ones
        // still need an end date (spec §5), set years ahead.
        const start = addDays(now, m.contract.temporary ? -rng.int(30, 700) : -rng.int(60, 3200));
        const end = m.contract.temporary ? addDays(now, rng.int(45, 400)) : addDays(start, 365 * rng.int(10, 20));
        contractRows.push({
          accountId: cluster.accountId,
          clusterId: cluster.id,
          membershipId: mid,
          positionId: positionIds.get(`${m.cluster}|${m.contract.position}`)!,
          startDate: isoDate(start),
          endDate: isoDate(end),
          fte: m.contract.fte.toFixed(2),
          hoursPerWeek: (Math.round(m.contract.fte * 36 * 2) / 2).toFixed(2), // 36-hour week
          isTemporary: m.contract.temporary,
          isActive: true,
        });
      }
    }
  }
  await tx.insert(roleAssignments).values(roleRows);
  await tx.insert(contracts).values(contractRows);

  // A finished and an open team review in the first cluster, so that every review screen has data.
  const noord = clusterIds.get(demoClusters.noord)!;
  await seedDemoReviews(tx, {
    accountId: noord.accountId,
    clusterId: noord.id,
    leaderTeamNames: leiderTeams,
    now,
    rng,
  });
}

// ---------------------------------------------------------------------------------------------
// Entry points

const SEED_LOCK = 727275;

async function withDatabase<T>(databaseUrl: string, fn: (db: Database) => Promise<T>) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    return await fn(drizzle(pool, { schema }));
  } finally {
    await pool.end();
  }
}

/** Seeds the demo in one transaction. Fails when the demo accounts or users already exist. */
export async function seedDemo(databaseUrl: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withDatabase(databaseUrl, (db) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const existingUsers = await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, Object.values(demoUsers)))
        .limit(1);
      const existingAccounts = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(inArray(accounts.name, Object.values(demoAccounts)))
        .limit(1);
      if (existingUsers.length > 0 || existingAccounts.length > 0) {
        throw new Error("The demo data already exists in this database.");
      }
      await insertDemo(tx, passwordHash);
    }),
  );
}

/** Seeds the demo only when the database has no accounts at all; returns whether it seeded. */
export async function seedDemoIfEmpty(databaseUrl: string): Promise<boolean> {
  return withDatabase(databaseUrl, async (db) => {
    const hasAccounts = async (q: Pick<typeof db, "select">) =>
      (await q.select({ id: accounts.id }).from(accounts).limit(1)).length > 0;
    if (await hasAccounts(db)) return false;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    return db.transaction(async (tx) => {
      // Several starting processes: the first one seeds, the others find its accounts.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasAccounts(tx)) return false;
      await insertDemo(tx, passwordHash);
      return true;
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL to the database to seed.");
    process.exit(1);
  }
  await runMigrations(url);
  const seeded = await seedDemoIfEmpty(url);
  console.log(
    seeded
      ? `Demo data seeded. Sign in as ${Object.values(demoUsers).join(", ")} with password ${DEMO_PASSWORD}.`
      : "The database already has accounts; demo data not seeded.",
  );
}

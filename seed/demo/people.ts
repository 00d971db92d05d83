/**
 * Who the demo people are: the six demo users with their documented roles (demo-data.ts) and about
 * sixty generated employees with Dutch names, their clusters, team places and contract wishes. Pure:
 * users.ts, roles.ts and contracts.ts write what this plans.
 */
import type { RoleKey } from "#db/schema/teams";
import type { Rng } from "../context";
import {
  demoTeams,
  demoUserNames,
  demoUsers,
  type DemoAccountKey,
  type DemoClusterKey,
  type DemoUserKey,
} from "../demo-data";
import { femaleFirstNames, lastNames, maleFirstNames, type Region } from "./people-names";
import { andereTitles } from "./positions";

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

export type RoleSpec = { role: RoleKey; team?: string };
export type MembershipSpec = {
  cluster: DemoClusterKey;
  employeeNumber: string;
  status: "active" | "inactive";
  access: boolean;
  deleted: boolean;
  roles: RoleSpec[];
  contract: { position: string; fte: number; temporary: boolean } | null;
};
export type PersonSpec = {
  account: DemoAccountKey;
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
    cluster: DemoClusterKey;
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
      account: "demo",
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

export function buildPeople(rng: Rng): PersonSpec[] {
  const b = new PeopleBuilder(rng);
  for (const email of Object.values(demoUsers)) b.reserveEmail(email);
  const [linde, thuiszorgStad, anker, assen, facilitair] = demoTeams.noord;
  const [eindhoven, zonnehof, atelier] = demoTeams.zuid;

  const demoPerson = (
    key: DemoUserKey,
    account: PersonSpec["account"],
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
  demoPerson("admin", "demo", "noord", true, [
    {
      ...base,
      cluster: "noord",
      employeeNumber: noordNr(),
      roles: [{ role: "cluster_admin" }],
      contract: null,
    },
  ]);
  demoPerson("hr", "demo", "noord", false, [
    {
      ...base,
      cluster: "noord",
      employeeNumber: noordNr(),
      roles: [{ role: "cluster_admin" }],
      contract: { position: "HR-adviseur", fte: 0.89, temporary: false },
    },
  ]);
  demoPerson("leider", "demo", "noord", false, [
    {
      ...base,
      cluster: "noord",
      employeeNumber: noordNr(),
      roles: [
        { role: "team_admin", team: linde },
        { role: "team_admin", team: thuiszorgStad },
      ],
      contract: { position: "Teamleider", fte: 1.0, temporary: false },
    },
  ]);
  demoPerson("medewerker", "demo", "noord", false, [
    {
      ...base,
      cluster: "noord",
      employeeNumber: noordNr(),
      roles: [{ role: "team_member", team: linde }],
      contract: { position: "Verzorgende IG", fte: 0.8, temporary: false },
    },
  ]);
  demoPerson("meerdere", "demo", "noord", false, [
    {
      ...base,
      cluster: "noord",
      employeeNumber: noordNr(),
      roles: [{ role: "team_member", team: anker }],
      contract: { position: "Fysiotherapeut", fte: 0.6, temporary: false },
    },
    {
      ...base,
      cluster: "zuid",
      employeeNumber: zuidNr(),
      roles: [{ role: "team_member", team: eindhoven }],
      contract: { position: "Fysiotherapeut", fte: 0.4, temporary: true },
    },
  ]);

  // Generated employees of Zorggroep Noord (36) and Zorggroep Zuid (20).
  addClusterEmployees(b, rng, {
    cluster: "noord",
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
    cluster: "zuid",
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
  demoPerson("andere", "andere", "andere", true, [
    {
      ...base,
      cluster: "andere",
      employeeNumber: b.employeeNumber("A", 101),
      roles: [{ role: "cluster_admin" }],
      contract: null,
    },
  ]);
  for (let i = 0; i < 5; i++) {
    const { firstName, lastName, gender } = b.randomName();
    const position = i === 0 ? "Teamleider" : rng.pick(andereTitles.filter((t) => t !== "Teamleider"));
    b.add({
      account: "andere",
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
          cluster: "andere",
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

function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

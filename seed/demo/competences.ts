/**
 * Competences (issue #19): the default competence book comes with every cluster (createCluster). In
 * Zorggroep Noord three positions get required levels — Verpleegkundige, Wijkverpleegkundige (which
 * inherits Verpleegkundige's and adds its own) and Verzorgende IG — and leider@demo.nl has scored the
 * members of his teams on what their position requires; medewerker@demo.nl also has an earlier score.
 * Two competence tags, "Zorg" and "Organisatie", group the book for the matrix's tag filter (decision 1302),
 * and two competence sets, "Leidinggeven" and "Basis zorg", are ready to apply to positions (decision 1412).
 */
import { and, eq, sql } from "drizzle-orm";
import {
  competences,
  competenceScores,
  competenceSetItems,
  competenceSets,
  competenceTags,
  positions,
  tags,
  users,
} from "#db/schema";
import { setRequiredLevel } from "~/features/competences/matrix.server";
import { addDays, createRng, type SeedContext } from "../context";
import { demoUsers, leiderTeams } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

/** Competence tag → the default-book keys it is on. */
export const demoCompetenceTags: Record<string, string[]> = {
  Zorg: ["client-focus", "communication", "reporting"],
  Organisatie: ["planning", "laws-and-regulations"],
};

/** Competence set → default-book key → the level a position with the set requires. */
export const demoCompetenceSets: Record<string, { description: string; levels: Record<string, number> }> = {
  Leidinggeven: {
    description: "Voor teamleiders en coördinatoren",
    levels: { leadership: 4, coaching: 4, communication: 4, "problem-solving": 3 },
  },
  "Basis zorg": {
    description: "Wat elke zorgmedewerker nodig heeft",
    levels: { "client-focus": 3, communication: 3, reporting: 3, collaboration: 3, integrity: 3 },
  },
};

/** Position name → default-book key → required level. */
export const demoRequirements: Record<string, Record<string, number>> = {
  Verpleegkundige: { "client-focus": 4, communication: 4, reporting: 4, "laws-and-regulations": 3 },
  Wijkverpleegkundige: { planning: 4, "laws-and-regulations": 4 },
  "Verzorgende IG": { "client-focus": 3, communication: 3, reporting: 3, collaboration: 3 },
};

export async function seedCompetences(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; people: DemoPeople },
): Promise<void> {
  const rng = createRng(1919);
  const noord = input.tenants.clusters.noord;
  const book = await tx
    .select({ id: competences.id, key: competences.sourceKey })
    .from(competences)
    .where(and(eq(competences.clusterId, noord.clusterId)));
  const competenceId = new Map(book.map((c) => [c.key, c.id]));
  for (const [name, keys] of Object.entries(demoCompetenceTags)) {
    const [tag] = await tx
      .insert(tags)
      .values({ ...noord, kind: "competence", name })
      .returning({ id: tags.id });
    await tx
      .insert(competenceTags)
      .values(keys.map((key) => ({ ...noord, competenceId: competenceId.get(key)!, tagId: tag.id })));
  }
  for (const [name, set] of Object.entries(demoCompetenceSets)) {
    const [row] = await tx
      .insert(competenceSets)
      .values({ ...noord, name, description: set.description })
      .returning({ id: competenceSets.id });
    await tx.insert(competenceSetItems).values(
      Object.entries(set.levels).map(([key, level]) => ({
        ...noord,
        setId: row.id,
        competenceId: competenceId.get(key)!,
        level,
      })),
    );
  }
  const positionRows = await tx
    .select({ id: positions.id, name: positions.name, parentId: positions.parentId })
    .from(positions)
    .where(eq(positions.clusterId, noord.clusterId));
  const positionId = new Map(positionRows.map((p) => [p.name, p.id]));
  for (const [position, levels] of Object.entries(demoRequirements)) {
    for (const [key, level] of Object.entries(levels)) {
      await setRequiredLevel(
        noord,
        { positionId: positionId.get(position)!, competenceId: competenceId.get(key)!, level },
        tx,
      );
    }
  }
  /** What a position requires including its parent's (Wijkverpleegkundige under Verpleegkundige). */
  const required = (position: string): Record<string, number> => {
    const parent = positionRows.find((p) => p.id === positionRows.find((q) => q.name === position)?.parentId);
    return { ...(parent ? required(parent.name) : {}), ...(demoRequirements[position] ?? {}) };
  };
  const [leider] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, demoUsers.leider));
  const led = new Set<string>(leiderTeams);
  const rows: Array<typeof competenceScores.$inferInsert> = [];
  for (const person of input.people.people) {
    const m = person.memberships.find(
      (x) =>
        x.cluster === "noord" &&
        !x.deleted &&
        x.roles.some((r) => r.role === "team_member" && r.team && led.has(r.team)),
    );
    if (!m?.contract) continue;
    const membershipId = input.people.membershipOf(person.email, "noord");
    const isMedewerker = person.email === demoUsers.medewerker;
    for (const [key, level] of Object.entries(required(m.contract.position))) {
      // medewerker@demo.nl is short on reporting (a gap to read); the others vary around what is required.
      const actual = isMedewerker && key === "reporting" ? level - 1 : Math.min(5, Math.max(1, level + rng.int(-1, 1)));
      const givenAt = addDays(now, -rng.int(5, 40));
      if (isMedewerker) {
        rows.push({
          ...noord,
          membershipId,
          competenceId: competenceId.get(key)!,
          level: Math.max(1, actual - 1),
          givenBy: leider.id,
          givenAt: addDays(givenAt, -120),
          supersededAt: givenAt,
        });
      }
      rows.push({
        ...noord,
        membershipId,
        competenceId: competenceId.get(key)!,
        level: actual,
        givenBy: leider.id,
        givenAt,
      });
    }
  }
  if (rows.length > 0) await tx.insert(competenceScores).values(rows);
}

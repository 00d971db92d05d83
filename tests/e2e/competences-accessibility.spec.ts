import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, competenceSets, competences, memberships, positions, users } from "#db/schema";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

async function demoIds() {
  const db = getDb();
  const [cluster] = await db.select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const [position] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.clusterId, cluster.id), eq(positions.name, "Verzorgende IG")));
  const [medewerker] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.clusterId, cluster.id), eq(sql`lower(${users.email})`, demoUsers.medewerker)));
  const [reporting] = await db
    .select({ id: competences.id })
    .from(competences)
    .where(and(eq(competences.clusterId, cluster.id), eq(competences.sourceKey, "reporting")));
  const [set] = await db
    .select({ id: competenceSets.id })
    .from(competenceSets)
    .where(and(eq(competenceSets.clusterId, cluster.id), eq(competenceSets.name, "Leidinggeven")));
  return { position: position.id, medewerker: medewerker.id, reporting: reporting.id, set: set.id };
}

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
test("the competence book, matrix, position and score pages have no serious accessibility violations", async ({
  page,
}) => {
  // Twelve pages, axe on each (seconds apiece on a busy machine): more than the default test time.
  test.setTimeout(200_000);
  const ids = await demoIds();
  await signIn(page, demoUsers.hr);
  for (const [path, heading] of [
    ["/competences/book", "Competentieboek"],
    ["/competences/matrix", "Competentiematrix"],
    [`/competences/matrix?edit=${ids.position}`, "Competentiematrix"],
    ["/competences/scores", "Competentiescores"],
    [`/competences/scores/users/${ids.medewerker}`, "Lotte Jansen"],
    [`/competences/scores/positions/${ids.position}`, "Verzorgende IG"],
    [`/positions/${ids.position}`, "Verzorgende IG"],
    ["/competences/tags", "Competentietags"],
    ["/competences/sets", "Competentiesets"],
    [`/competences/sets/${ids.set}`, "Competentieset bewerken"],
    [`/competences/sets/${ids.set}/apply`, "Set Leidinggeven toepassen"],
    [
      `/competences/book/${ids.reporting}/merge?otherCompetenceId=${ids.reporting}&keep=this`,
      "Rapporteren samenvoegen",
    ],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect([path, await seriousViolations(page)]).toEqual([path, []]);
  }
});

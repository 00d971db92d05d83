import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { importChanges, importRows, imports } from "#db/schema";
import { compareImport } from "~/features/imports/import-compare-stage.server";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import { action as wizardAction, loader as wizardLoader } from "~/routes/_app+/import+/excel.$id";
import { action as uploadAction } from "~/routes/_app+/import+/_index";
import { createUserWithMembership } from "../factories";
import { context, getRequest, run } from "../support/http";
import { contractFor, orgWorld, positionIn, postForm } from "../support/org";

type World = Awaited<ReturnType<typeof orgWorld>>;
const args = (request: Request, id: string) => ({ request, context: context(), params: { id } });

async function upload(w: World, csv: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([csv], "delen.csv"));
  const request = new Request("http://localhost/import", { method: "POST", headers: { Cookie: w.cookie }, body: form });
  const res = (await run(() => uploadAction({ request, context: context(), params: {} }))) as Response;
  const id = res.headers.get("Location")!.split("/").pop()!;
  expect(await runPersonnelImport(id)).toBe("parsed");
  return id;
}

/** What a comparison leaves: every change, every row's problems and the counts. */
async function outcome(id: string) {
  const db = getDb();
  const changes = await db
    .select({
      meta: importChanges.meta,
      membershipId: importChanges.membershipId,
      rowNumber: importChanges.rowNumber,
      label: importChanges.label,
      field: importChanges.field,
      oldValue: importChanges.oldValue,
      newValue: importChanges.newValue,
      data: importChanges.data,
    })
    .from(importChanges)
    .where(eq(importChanges.importId, id));
  const problems = await db
    .select({ rowNumber: importRows.rowNumber, errors: importRows.errors })
    .from(importRows)
    .where(eq(importRows.importId, id))
    .orderBy(asc(importRows.rowNumber));
  const [item] = await db
    .select({ counts: imports.counts, status: imports.status })
    .from(imports)
    .where(eq(imports.id, id));
  const key = (c: (typeof changes)[number]) => JSON.stringify(c);
  return { changes: changes.map(key).sort(), problems, item };
}

let w: World;
beforeAll(async () => {
  w = await orgWorld();
});

describe("the import's comparison, part by part (1407)", () => {
  it("gives in parts of two rows exactly what it gives for the whole file, duplicates and leaders across parts included", async () => {
    const db = getDb();
    const base = { accountId: w.account.id, clusterId: w.cluster.id };
    const mail = (name: string) => `${name}-${w.cluster.id}@test.nl`;
    const e1 = await createUserWithMembership(db, {
      ...base,
      employeeNumber: "E1",
      lastName: "Een",
      email: mail("e1"),
    });
    const e2 = await createUserWithMembership(db, { ...base, lastName: "Twee", email: mail("e2") });
    await createUserWithMembership(db, { ...base, employeeNumber: "E3", lastName: "Drie", email: mail("e3") });
    await createUserWithMembership(db, { ...base, employeeNumber: "E4", lastName: "Vier", email: mail("e4") });
    const position = await positionIn(w, "Verpleegkundige");
    await contractFor(w, e1.membership.id, position.id, "0.8");

    const csv = [
      "Personeelsnummer;Voornaam;Achternaam;E-mail;Team;Leidinggevende;Contractstart;Contractfunctie",
      `P1;Piet;Nieuw;${mail("p1")};Team A;;01-02-2026;Kok`, // row 2: new, leads Team B (row 3)
      `E1;Test;Een-de Wit;${mail("e1")};Team B;${mail("p1")};01-01-2020;verpleegkundige`, // row 3: contract exists
      `;Test;Twee;${mail("e2").toUpperCase()};Team A;E3;01-03-2026;Kok`, // row 4: by e-mail, leader in the cluster
      `P5;Dubbel;Mail;${mail("p1")};Team A;;;`, // row 5: duplicate of row 2
      `P6;Onbekend;Leider;${mail("p6")};Team A;onbekend@test.nl;;`, // row 6: unknown leader
      `P7;Zonder;Mail;;Team C;;;`, // row 7: new without e-mail
      `E1;Dubbel;Nummer;${mail("e1b")};Team A;;;`, // row 8: duplicate of row 3
      `P9;Nieuwe;Leider;${mail("p9")};Team C;P9;;`, // row 9: leads her own new team
    ].join("\n");
    const id = await upload(w, csv);
    const { columns } = (await wizardLoader(
      args(getRequest(`/import/excel/${id}?step=columns`, w.cookie), id),
    )) as unknown as { columns: { mapping: Record<string, string> } };
    const fields = Object.fromEntries(Object.entries(columns.mapping).map(([i, f]) => [`col.${i}`, f]));
    const res = (await run(() =>
      wizardAction(args(postForm(`/import/excel/${id}`, { intent: "columns", ...fields }, w.cookie), id)),
    )) as Response;
    expect(res.status).toBe(302);

    await compareImport(base, id, 2);
    const inParts = await outcome(id);
    // And again as one part: the stage starts from scratch, so the second run replaces the first.
    await db.update(imports).set({ status: "comparing" }).where(eq(imports.id, id));
    await compareImport(base, id);
    const whole = await outcome(id);
    expect(inParts).toEqual(whole);

    const errors = (row: number) => whole.problems.find((p) => p.rowNumber === row)!.errors.map((e) => e.key);
    expect(errors(5)).toEqual(["import:problems.duplicate.email"]);
    expect(errors(6)).toEqual(["import:problems.teamLeader"]);
    expect(errors(7)).toEqual(["import:problems.newWithoutEmail"]);
    expect(errors(8)).toEqual(["import:problems.duplicate.employeeNumber"]);
    expect(errors(2)).toEqual([]);
    const summary = whole.changes
      .map((c) => JSON.parse(c) as { meta: string; label: string; field: string | null; newValue: string | null })
      .map((c) => `${c.meta}:${c.label}${c.field ? `:${c.field}=${c.newValue}` : ""}`)
      .sort();
    expect(summary).toEqual(
      [
        "NEW_PERSON:Piet Nieuw",
        "NEW_PERSON:Nieuwe Leider",
        "CHANGED:Test Een:lastName=Een-de Wit",
        "CHANGED:Test Een:team=Team B",
        "CHANGED:Test Twee:team=Team A",
        "NEW_TEAM:Team A",
        "NEW_TEAM:Team B",
        "NEW_TEAM:Team C",
        "CHANGED:Piet Nieuw:teamLeader=Team B",
        "CHANGED:Test Drie:teamLeader=Team A",
        "CHANGED:Nieuwe Leider:teamLeader=Team C",
        "NEW_CONTRACT:Piet Nieuw:contract=Kok",
        "NEW_CONTRACT:Test Twee:contract=Kok",
        "NOT_IN_IMPORT:Test Drie",
        "NOT_IN_IMPORT:Test Vier",
        `NOT_IN_IMPORT:${w.admin.user.firstName} ${w.admin.user.lastName}`,
      ].sort(),
    );
    expect(whole.item).toMatchObject({
      status: "review",
      counts: { rows: 8, rowsWithErrors: 4, newPeople: 2, newTeams: 3, changes: 6, missing: 3, contracts: 2 },
    });
    // Twee is found by her e-mail in another case and is not missing; nothing is stored for NO_CHANGE.
    expect(
      await db.execute(sql`select 1 from import_changes where import_id = ${id} and membership_id = ${e2.membership.id}
        and meta = 'NOT_IN_IMPORT'`),
    ).toMatchObject({ rowCount: 0 });
  });
});

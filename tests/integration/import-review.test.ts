import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { importChanges, imports } from "#db/schema";
import { todayIn } from "~/features/tasks/task-rules";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import { action as wizardAction, loader as wizardLoader } from "~/routes/_app+/import+/excel.$id";
import { action as uploadAction } from "~/routes/_app+/import+/_index";
import { createClusterFor, createUserWithMembership } from "../factories";
import { libreOfficeXlsx } from "../support/libreoffice-xlsx";
import { context, getRequest, run, unwrapData } from "../support/http";
import { contractFor, orgWorld, positionIn, postForm } from "../support/org";

// The wizard's review choices (issue #16): "end contract" for people not in the file (1240), the
// e-mail lookup outcome of each new person (1241).
type World = Awaited<ReturnType<typeof orgWorld>>;
const args = (request: Request, id?: string) => ({ request, context: context(), params: id ? { id } : {} });

async function upload(w: World, name: string, content: Buffer | string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([typeof content === "string" ? content : new Uint8Array(content)], name));
  const request = new Request("http://localhost/import", { method: "POST", headers: { Cookie: w.cookie }, body: form });
  const res = (await run(() => uploadAction(args(request)))) as Response;
  expect(res.status).toBe(302);
  const id = res.headers.get("Location")!.split("/").pop()!;
  expect(await runPersonnelImport(id)).toBe("parsed");
  return id;
}

type ReviewPage = {
  columns: { mapping: Record<string, string> } | null;
  review: { changes: { id: string; label: string; decision: string; [key: string]: unknown }[] } | null;
};
const page = async (w: World, id: string, step = "missing") =>
  (await wizardLoader(args(getRequest(`/import/excel/${id}?step=${step}`, w.cookie), id))) as unknown as ReviewPage;

async function compare(w: World, id: string) {
  const { columns } = await page(w, id);
  const fields = Object.fromEntries(Object.entries(columns!.mapping).map(([i, f]) => [`col.${i}`, f]));
  const res = (await run(() =>
    wizardAction(args(postForm(`/import/excel/${id}`, { intent: "columns", ...fields }, w.cookie), id)),
  )) as Response;
  expect(res.status).toBe(302);
  expect(await runPersonnelImport(id)).toBe("compared");
}

const post = (w: World, id: string, step: string, fields: Record<string, string>) =>
  run(() =>
    wizardAction(args(postForm(`/import/excel/${id}?step=${step}`, fields, w.cookie), id)),
  ) as Promise<Response>;

const decisions = async (id: string) =>
  Object.fromEntries(
    (
      await getDb()
        .select({ label: importChanges.label, decision: importChanges.decision, outcome: importChanges.outcome })
        .from(importChanges)
        .where(eq(importChanges.importId, id))
    ).map((c) => [c.label, `${c.decision}/${c.outcome ?? ""}`]),
  );

let w: World;
beforeAll(async () => {
  w = await orgWorld();
});

describe("people not in the file: keep, deactivate or end their contract", () => {
  it("ends the running contracts on the day of applying, per person or for all; the person stays active", async () => {
    const db = getDb();
    const base = { accountId: w.account.id, clusterId: w.cluster.id };
    const position = await positionIn(w);
    const stays = await createUserWithMembership(db, { ...base, employeeNumber: "E1", lastName: "Blijft" });
    const ends = await createUserWithMembership(db, { ...base, employeeNumber: "E2", lastName: "Einde" });
    const endsToo = await createUserWithMembership(db, { ...base, employeeNumber: "E3", lastName: "Ookeinde" });
    const none = await createUserWithMembership(db, { ...base, employeeNumber: "E4", lastName: "Geencontract" });
    const running = await contractFor(w, ends.membership.id, position.id, "0.80");
    const past = await db.execute<{ id: string }>(sql`
      insert into contracts (account_id, cluster_id, membership_id, position_id, start_date, end_date, fte)
      values (${w.account.id}, ${w.cluster.id}, ${ends.membership.id}, ${position.id}, '2010-01-01', '2012-12-31', 1)
      returning id`);
    const future = await db.execute<{ id: string }>(sql`
      insert into contracts (account_id, cluster_id, membership_id, position_id, start_date, end_date, fte)
      values (${w.account.id}, ${w.cluster.id}, ${endsToo.membership.id}, ${position.id}, '2098-01-01', '2099-12-31', 1)
      returning id`);
    const blijftContract = await contractFor(w, stays.membership.id, position.id, "1.00");

    const csv = ["Personeelsnummer;Achternaam;E-mail", `E9;Ander;e9-${w.cluster.id}@test.nl`].join("\n");
    const id = await upload(w, "leden.csv", csv);
    await compare(w, id);

    // For all first, then per person: Blijft is kept, Geencontract ends too (but has nothing to end).
    const missing = (await page(w, id, "missing")).review!.changes;
    const idOf = (label: string) => missing.find((c) => c.label.endsWith(label))!.id;
    expect((await post(w, id, "missing", { intent: "all-endContract" })).status).toBe(302);
    const afterAll = await decisions(id);
    for (const name of ["Test Einde", "Test Ookeinde", "Test Geencontract", "Test Blijft"]) {
      expect(afterAll[name]).toBe("endContract/");
    }
    // "end contract" never lands on another kind of change, not even through a forged per-change field.
    const newPerson = (await page(w, id, "new")).review!.changes[0];
    await post(w, id, "new", { intent: "next", [`d.${newPerson.id}`]: "endContract", confirm: "on" });
    expect((await decisions(id))["Ander"]).toBe("pending/");
    await post(w, id, "new", { intent: "all-endContract" });
    expect((await decisions(id))["Ander"]).toBe("pending/");

    const res = await post(w, id, "missing", { intent: "next", [`d.${idOf("Blijft")}`]: "rejected" });
    expect(res.status).toBe(302);
    expect((await post(w, id, "contracts", { intent: "apply", confirm: "on" })).status).toBe(302);

    const today = todayIn("Europe/Amsterdam");
    const contractRows = await db.execute<{ id: string; end_date: string; is_active: boolean }>(sql`
      select id, end_date::text, is_active from contracts where cluster_id = ${w.cluster.id}`);
    const byId = new Map(contractRows.rows.map((r) => [r.id, r]));
    expect(byId.get(running.id)).toMatchObject({ end_date: today, is_active: true });
    expect(byId.get(past.rows[0].id)).toMatchObject({ end_date: "2012-12-31", is_active: true });
    expect(byId.get(future.rows[0].id)).toMatchObject({ end_date: "2099-12-31", is_active: false });
    expect(byId.get(blijftContract.id)).toMatchObject({ end_date: "2099-12-31", is_active: true });

    const statuses = await db.execute<{ id: string; status: string }>(sql`
      select id, status from memberships where id in (${ends.membership.id}, ${endsToo.membership.id}, ${none.membership.id})`);
    expect(statuses.rows.map((r) => r.status)).toEqual(["active", "active", "active"]);
    const after = await decisions(id);
    expect(after["Test Einde"]).toBe("endContract/applied");
    expect(after["Test Ookeinde"]).toBe("endContract/applied");
    expect(after["Test Geencontract"]).toBe("endContract/noContract");
    expect(after["Test Blijft"]).toBe("rejected/");
    const [row] = await db.select({ applied: imports.applied }).from(imports).where(eq(imports.id, id));
    expect(row.applied).toMatchObject({ contractsEnded: 2, deactivated: 0 });
    const audit = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_events where action = 'contract.end' and subject_id = ${ends.membership.id}`);
    expect(audit.rows[0].n).toBe(1);
  });
});

describe("new people: the personnel wizard's e-mail lookup, per person, before applying", () => {
  it("shows create, connect-by-a-supervisor, other account and restore first; another address is chosen and honoured", async () => {
    const db = getDb();
    const base = { accountId: w.account.id, clusterId: w.cluster.id };
    const s = w.cluster.id.slice(0, 8);
    const foreign = await orgWorld();
    const elsewhere = await createClusterFor(db, w.account.id);
    await createUserWithMembership(db, {
      accountId: foreign.account.id,
      clusterId: foreign.cluster.id,
      email: `x-${s}@test.nl`,
    });
    await createUserWithMembership(db, { accountId: w.account.id, clusterId: elsewhere.id, email: `y-${s}@test.nl` });
    const trashed = await createUserWithMembership(db, { ...base, email: `z-${s}@test.nl` });
    await db.execute(sql`update memberships set deleted_at = now() where id = ${trashed.membership.id}`);

    const csv = [
      "Achternaam;E-mail;Personeelsnummer",
      `Nieuw;n-${s}@test.nl;L1`,
      `Xander;x-${s}@test.nl;L2`,
      `Yvonne;y-${s}@test.nl;L3`,
      `Zeger;z-${s}@test.nl;L4`,
    ].join("\n");
    const id = await upload(w, "nieuw.csv", csv);
    await compare(w, id);
    const shown = (await page(w, id, "new")).review!.changes;
    const outcomes = Object.fromEntries(
      shown.map((c) => [c.label, (c.lookup as { outcome: string; canConnect: boolean }).outcome]),
    );
    expect(outcomes).toEqual({
      Nieuw: "notFound",
      Xander: "foundOtherAccount",
      Yvonne: "foundActiveElsewhere",
      Zeger: "foundTrashedInAccount",
    });
    expect((shown.find((c) => c.label === "Yvonne")!.lookup as { canConnect: boolean }).canConnect).toBe(false);
    const idOf = (label: string) => shown.find((c) => c.label === label)!.id;

    // A wrong address: 200 (decision 1622), the message next to it, what was typed and the decisions kept.
    const bad = await post(w, id, "new", {
      intent: "next",
      [`email.${idOf("Xander")}`]: "geen-adres",
      [`d.${idOf("Nieuw")}`]: "accepted",
    });
    expect(unwrapData(bad).status).toBe(200);
    const badData = unwrapData(bad).data as {
      emailErrors: Record<string, string>;
      emailValues: Record<string, string>;
    };
    expect(badData.emailErrors).toEqual({ [idOf("Xander")]: "validation:email.invalid" });
    expect(badData.emailValues[idOf("Xander")]).toBe("geen-adres");
    expect((await decisions(id))["Nieuw"]).toBe("accepted/");
    // The address of another new person of the file is refused too; another change's id is ignored.
    const taken = await post(w, id, "new", { intent: "next", [`email.${idOf("Xander")}`]: `N-${s}@test.nl` });
    expect(unwrapData(taken).status).toBe(200);
    expect((unwrapData(taken).data as { emailErrors: Record<string, string> }).emailErrors).toEqual({
      [idOf("Xander")]: "import:new.emailInFile",
    });

    const good = await post(w, id, "new", {
      intent: "all-accepted",
      [`email.${idOf("Xander")}`]: ` Xander-${s}@Test.nl `,
      [`email.${foreign.admin.membership.id}`]: `hijack-${s}@test.nl`,
    });
    expect(good.status).toBe(302);
    const again = (await page(w, id, "new")).review!.changes.find((c) => c.label === "Xander")!;
    expect(again).toMatchObject({ email: `xander-${s}@test.nl`, fileEmail: `x-${s}@test.nl` });
    expect((again.lookup as { outcome: string }).outcome).toBe("notFound");

    expect((await post(w, id, "contracts", { intent: "apply", confirm: "on" })).status).toBe(302);
    const after = await decisions(id);
    expect(after).toMatchObject({
      Nieuw: "accepted/applied",
      Xander: "accepted/applied",
      Yvonne: "accepted/lookup.foundActiveElsewhere",
      Zeger: "accepted/lookup.foundTrashedInAccount",
    });
    const created = await db.execute<{ email: string; employee_number: string }>(sql`
      select u.email, m.employee_number from memberships m join users u on u.id = m.user_id
      where m.cluster_id = ${w.cluster.id} and m.employee_number in ('L1', 'L2', 'L3', 'L4') order by 2`);
    expect(created.rows).toEqual([
      { email: `n-${s}@test.nl`, employee_number: "L1" },
      { email: `xander-${s}@test.nl`, employee_number: "L2" },
    ]);
    // The other account's person is untouched; the removed person stays removed.
    const x = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from users where lower(email) = ${`x-${s}@test.nl`}`);
    expect(x.rows[0].n).toBe(1);
    const z = await db.execute<{ deleted: boolean }>(sql`
      select deleted_at is not null as deleted from memberships where id = ${trashed.membership.id}`);
    expect(z.rows[0].deleted).toBe(true);
  });

  it("an account admin may connect someone active in another cluster of the account", async () => {
    const admin = await orgWorld({ accountAdmin: true });
    const db = getDb();
    const elsewhere = await createClusterFor(db, admin.account.id);
    const s = admin.cluster.id.slice(0, 8);
    await createUserWithMembership(db, {
      accountId: admin.account.id,
      clusterId: elsewhere.id,
      email: `v-${s}@test.nl`,
    });
    const id = await upload(admin, "verbinden.csv", ["Achternaam;E-mail", `Verbonden;v-${s}@test.nl`].join("\n"));
    await compare(admin, id);
    const [change] = (await page(admin, id, "new")).review!.changes;
    expect(change.lookup).toEqual({ outcome: "foundActiveElsewhere", canConnect: true });
    await post(admin, id, "new", { intent: "all-accepted" });
    expect((await post(admin, id, "contracts", { intent: "apply", confirm: "on" })).status).toBe(302);
    expect((await decisions(id))["Verbonden"]).toBe("accepted/applied");
    const memberships = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from memberships m join users u on u.id = m.user_id
      where lower(u.email) = ${`v-${s}@test.nl`}`);
    expect(memberships.rows[0].n).toBe(2);
  });
});

describe("FTE above 1.0", () => {
  it("is imported with a warning next to its row; above 1.5 the row is a problem", async () => {
    const s = w.cluster.id.slice(0, 8);
    const csv = [
      "Achternaam;E-mail;Begindatum;Contractfunctie;FTE",
      `Veel;veel-${s}@test.nl;01-01-2026;Kok;1,2`,
      `Gewoon;gewoon-${s}@test.nl;01-01-2026;Kok;1`,
      `Teveel;teveel-${s}@test.nl;01-01-2026;Kok;1,6`,
    ].join("\n");
    const id = await upload(w, "fte.csv", csv);
    await compare(w, id);
    const contracts = (await page(w, id, "contracts")).review!.changes;
    const warned = Object.fromEntries(
      contracts.map((c) => [c.label, (c.contract as { fteWarning: boolean }).fteWarning]),
    );
    expect(warned).toEqual({ Veel: true, Gewoon: false });
    const problems = (
      (await page(w, id, "missing")).review as unknown as { problems: { errors: { field: string }[] }[] }
    ).problems;
    expect(problems.map((p) => p.errors.map((e) => e.field))).toEqual([["fte"]]);
  });
});

describe("a workbook written by LibreOffice", () => {
  it("is read through the wizard: the second sheet chosen, inline strings, both date forms, empty rows", async () => {
    const s = w.cluster.id.slice(0, 8);
    const file = await libreOfficeXlsx([
      { name: "Uitleg", rows: [["Zie het tweede blad"]] },
      {
        name: "Personeel",
        rows: [
          ["Personeelsnummer", "Achternaam", "E-mail", "Geboortedatum"],
          ["LO1", "Serieel", `lo1-${s}@test.nl`, { date: 29221 }],
          null,
          ["LO2", "Tekst", `lo2-${s}@test.nl`, "15-03-1980"],
        ],
      },
    ]);
    const id = await upload(w, "libreoffice.xlsx", file);
    const chosen = await run(() =>
      wizardAction(args(postForm(`/import/excel/${id}`, { intent: "sheet", sheet: "1" }, w.cookie), id)),
    );
    expect((chosen as Response).status).toBe(302);
    expect(await runPersonnelImport(id)).toBe("parsed");
    await compare(w, id);
    const people = (await page(w, id, "new")).review!.changes;
    expect(people.map((c) => c.label).sort()).toEqual(["Serieel", "Tekst"]);
    const births = await getDb()
      .select({ label: importChanges.label, data: importChanges.data })
      .from(importChanges)
      .where(eq(importChanges.importId, id));
    expect(Object.fromEntries(births.map((b) => [b.label, b.data?.birthday]))).toEqual({
      Serieel: "29221",
      Tekst: "15-03-1980",
    });
  });
});

describe("applying writes its audit trail in batches", () => {
  it("one deactivate event per person not in the file and one update event per changed person, with the import", async () => {
    const world = await orgWorld();
    const db = getDb();
    const base = { accountId: world.account.id, clusterId: world.cluster.id };
    const leaver = await createUserWithMembership(db, { ...base, employeeNumber: "A1", lastName: "Weg" });
    const mover = await createUserWithMembership(db, { ...base, employeeNumber: "A2", lastName: "Oud" });
    const id = await upload(world, "audit.csv", ["Personeelsnummer;Achternaam", "A2;Nieuw"].join("\n"));
    await compare(world, id);
    for (const step of ["missing", "changes"]) await post(world, id, step, { intent: "all-accepted" });
    expect((await post(world, id, "contracts", { intent: "apply", confirm: "on" })).status).toBe(302);
    const events = await db.execute<{ action: string; subject_id: string; import_id: string }>(sql`
      select action, subject_id, data->>'importId' as import_id from audit_events
      where cluster_id = ${world.cluster.id} and action in ('membership.deactivate', 'membership.update')
      order by action`);
    expect(events.rows).toEqual([
      { action: "membership.deactivate", subject_id: leaver.membership.id, import_id: id },
      { action: "membership.update", subject_id: mover.membership.id, import_id: id },
    ]);
    const statuses = await db.execute<{ id: string; status: string }>(sql`
      select id, status from memberships where id in (${leaver.membership.id}, ${mover.membership.id})`);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.id, r.status]))).toEqual({
      [leaver.membership.id]: "inactive",
      [mover.membership.id]: "active",
    });
  });
});

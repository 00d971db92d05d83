import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { importChanges, imports } from "#db/schema";
import { todayIn } from "~/features/tasks/task-rules";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import { action as wizardAction, loader as wizardLoader } from "~/routes/_app+/import+/excel.$id";
import { action as uploadAction } from "~/routes/_app+/import+/_index";
import { createUserWithMembership } from "../factories";
import { context, getRequest, run } from "../support/http";
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
  run(() => wizardAction(args(postForm(`/import/excel/${id}?step=${step}`, fields, w.cookie), id))) as Promise<
    Response
  >;

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

import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { importChanges, imports } from "#db/schema";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import { createUserWithMembership } from "../factories";
import { serverBuildFromSources } from "../support/app-server";
import { saveAfasSettings } from "../support/connector-settings";
import { cookieFrom, getRequest } from "../support/http";
import { countRows, orgWorld, postForm } from "../support/org";
import { refusing } from "../support/refusing";
import { handle } from "../support/remix-handler";

/**
 * Decisions 1840 and 1925: a write of the import wizard that fails past its checks answers the step as it was
 * posted (the mapping, the typed addresses, the decisions, the confirmation box) with "Import niet opgeslagen…"
 * and 409, never a 500, and nothing of the post is written. A trigger refusing a row stands in for the failure.
 */

let w: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld();
  await serverBuildFromSources(); // the first request would compile the app inside a test's time
});

const saveFailed = "Import niet opgeslagen. Je wijzigingen zijn niet opgeslagen.";

async function upload(name: string, content: Buffer | string) {
  const form = new FormData();
  form.append("file", new File([typeof content === "string" ? content : new Uint8Array(content)], name));
  return handle(new Request("http://localhost/import", { method: "POST", headers: { Cookie: w.cookie }, body: form }));
}

/** An uploaded file, read (the job's first stage run here): the import waits at the columns step. */
async function uploaded(name: string, content: Buffer | string) {
  const res = await upload(name, content);
  expect(res.status).toBe(302);
  const id = res.headers.get("Location")!.split("/").pop()!;
  expect(await runPersonnelImport(id)).toBe("parsed");
  return id;
}

const post = (id: string, fields: Record<string, string>, step?: string) =>
  handle(postForm(`/import/excel/${id}${step ? `?step=${step}` : ""}`, fields, w.cookie));

/** One select's or radio group's chosen option in the page: the option (or input) tag carrying `selected`/`checked`. */
function chosen(page: string, name: string, value: string) {
  const select = page.slice(page.indexOf(`name="${name}"`));
  return select.slice(0, select.indexOf("</select>")).match(new RegExp(`<option[^>]*value="${value}"[^>]*>`))?.[0];
}
function radio(page: string, name: string, value: string) {
  return page.match(new RegExp(`<input[^>]*name="${name.replace(".", "\\.")}"[^>]*value="${value}"[^>]*>`))?.[0];
}

const importRow = async (id: string) => (await getDb().select().from(imports).where(eq(imports.id, id)))[0];
const decisionsOf = async (id: string) =>
  Object.fromEntries(
    (
      await getDb()
        .select({ id: importChanges.id, decision: importChanges.decision, data: importChanges.data })
        .from(importChanges)
        .where(eq(importChanges.importId, id))
    ).map((c) => [c.id, `${c.decision}/${c.data?.email ?? ""}`]),
  );

describe("the import wizard's writes: a failure answers the step as posted, 409 (decisions 1840, 1925)", () => {
  it("upload: the file field with the message, no import stored", async () => {
    const when = `new.cluster_id = '${w.cluster.id}' and new.file_name = 'weigert.csv'`;
    await refusing("imports", "insert", when, async () => {
      const res = await upload("weigert.csv", "Personeelsnummer;Achternaam\n1;Een");
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("Import niet toegevoegd. Je wijzigingen zijn niet opgeslagen.");
    });
    expect(await countRows(sql`select count(*) as n from imports where file_name = 'weigert.csv'`)).toBe(0);
  });

  it("sheet: the chosen sheet with the message next to it; the import stays at its columns", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Eerste").addRow(["Personeelsnummer", "Achternaam"]);
    book.addWorksheet("Tweede").addRow(["Personeelsnummer", "Achternaam"]);
    const id = await uploaded("bladen.xlsx", Buffer.from(await book.xlsx.writeBuffer()));
    await refusing("imports", "update", `old.id = '${id}'`, async () => {
      const res = await post(id, { intent: "sheet", sheet: "1" });
      expect(res.status).toBe(409);
      const page = await res.text();
      expect(page).toContain(saveFailed);
      expect(chosen(page, "sheet", "1")).toContain('selected=""');
    });
    expect(await importRow(id)).toMatchObject({ status: "columns", sheet: 0 });
  });

  it("columns: every column's field as chosen, nothing remembered or compared", async () => {
    const header = `Kolom 1925 ${w.cluster.id}`;
    const id = await uploaded("kolommen.csv", `Personeelsnummer;Achternaam;${header}\n1;Een;0612345678`);
    const mapping = { "col.0": "employeeNumber", "col.1": "lastName", "col.2": "phone" };
    await refusing("imports", "update", `old.id = '${id}'`, async () => {
      const res = await post(id, { intent: "columns", ...mapping });
      expect(res.status).toBe(409);
      const page = await res.text();
      expect(page).toContain(saveFailed);
      // The third column's header is unknown (proposed: skip); it comes back as chosen.
      expect(chosen(page, "col.2", "phone")).toContain('selected=""');
    });
    expect(await importRow(id)).toMatchObject({ status: "columns" });
    const remembered = sql`select count(*) as n from import_column_mappings where header = ${header.toLowerCase()}`;
    expect(await countRows(remembered)).toBe(0);
  });

  it("a connector's 'import now' (nothing typed): back to its page with the toast, no import started", async () => {
    await saveAfasSettings(w.cookie, "1925");
    const started = sql`select count(*) as n from imports where cluster_id = ${w.cluster.id} and source = 'afas'`;
    await refusing("imports", "insert", `new.cluster_id = '${w.cluster.id}'`, async () => {
      const res = await handle(postForm("/import/afas", { intent: "run" }, w.cookie));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/import/afas");
      const back = await handle(getRequest("/import/afas", `${w.cookie}; ${cookieFrom(res)}`));
      expect(back.status).toBe(200);
      expect(await back.text()).toContain("Import niet toegevoegd. Je wijzigingen zijn niet opgeslagen.");
    });
    expect(await countRows(started)).toBe(0);
  });

  describe("review", () => {
    let id: string;
    let newId: string;
    let missingId: string;
    beforeAll(async () => {
      const base = { accountId: w.account.id, clusterId: w.cluster.id };
      await createUserWithMembership(getDb(), { ...base, employeeNumber: "R1", lastName: "Ontbreekt" });
      id = await uploaded("review.csv", `Personeelsnummer;Achternaam;E-mail\nR9;Nieuw;r9-${w.cluster.id}@test.nl`);
      const columns = { intent: "columns", "col.0": "employeeNumber", "col.1": "lastName", "col.2": "email" };
      expect((await post(id, columns)).status).toBe(302);
      expect(await runPersonnelImport(id)).toBe("compared");
      const changes = await getDb()
        .select({ id: importChanges.id, meta: importChanges.meta, label: importChanges.label })
        .from(importChanges)
        .where(eq(importChanges.importId, id));
      newId = changes.find((c) => c.meta === "NEW_PERSON")!.id;
      missingId = changes.find((c) => c.meta === "NOT_IN_IMPORT" && c.label.endsWith("Ontbreekt"))!.id;
    });

    it("new people: the typed address and the decision as ticked; neither saved", async () => {
      const before = await decisionsOf(id);
      const typed = `ander-${w.cluster.id}@test.nl`;
      await refusing("import_changes", "update", `old.import_id = '${id}'`, async () => {
        const res = await post(id, { intent: "next", [`email.${newId}`]: typed, [`d.${newId}`]: "rejected" }, "new");
        expect(res.status).toBe(409);
        const page = await res.text();
        expect(page).toContain(saveFailed);
        expect(page).toContain(`value="${typed}"`);
        expect(radio(page, `d.${newId}`, "rejected")).toContain('checked=""');
        expect(radio(page, `d.${newId}`, "accepted")).not.toContain("checked");
      });
      expect(await decisionsOf(id)).toEqual(before);
    });

    it("a 'for all' button: the step's decisions as ticked, nothing saved", async () => {
      const before = await decisionsOf(id);
      await refusing("import_changes", "update", `old.import_id = '${id}'`, async () => {
        const res = await post(id, { intent: "all-rejected", [`d.${missingId}`]: "endContract" }, "missing");
        expect(res.status).toBe(409);
        const page = await res.text();
        expect(page).toContain(saveFailed);
        expect(radio(page, `d.${missingId}`, "endContract")).toContain('checked=""');
      });
      expect(await decisionsOf(id)).toEqual(before);
    });

    it("apply: one transaction with the post's decisions; the confirmation box ticked again; no person added", async () => {
      const before = await decisionsOf(id);
      const when = `old.id = '${id}' and new.status = 'applied'`;
      await refusing("imports", "update", when, async () => {
        const res = await post(
          id,
          { intent: "apply", [`d.${newId}`]: "accepted", [`d.${missingId}`]: "rejected", confirm: "on", pending: "3" },
          "contracts",
        );
        expect(res.status).toBe(409);
        const page = await res.text();
        expect(page).toContain(saveFailed);
        expect(page).toMatch(/<input[^>]*name="confirm"[^>]*checked=""/);
        expect(page).toContain('name="pending" value="3"');
      });
      // Applying had written the person before the refusal: rolled back, with the decisions of the same post.
      expect(await decisionsOf(id)).toEqual(before);
      expect(await countRows(sql`select count(*) as n from users where email = ${`r9-${w.cluster.id}@test.nl`}`)).toBe(
        0,
      );
      expect(await importRow(id)).toMatchObject({ status: "review", applied: {} });
      // Once the cause is gone the same post applies.
      const res = await post(id, { intent: "apply", [`d.${newId}`]: "accepted", confirm: "on" }, "contracts");
      expect(res.status).toBe(302);
      const next = await handle(getRequest(res.headers.get("Location")!, `${w.cookie}; ${cookieFrom(res)}`));
      expect(next.status).toBe(200);
      expect(await countRows(sql`select count(*) as n from users where email = ${`r9-${w.cluster.id}@test.nl`}`)).toBe(
        1,
      );
    });
  });
});

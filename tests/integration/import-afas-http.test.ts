/**
 * Issue #36: a real HR export in AFAS layout (10,000 people, 1–2 MB) through the whole wizard over HTTP:
 * upload, the proposed columns, the comparison, every change accepted, applied. People keep their name
 * prefix with their last name, and every row's Functie/Startdatum/FTE is their contract. The template
 * downloads in both formats.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import { startApp, type RunningApp } from "../support/app-server";
import { rowsXlsx } from "../support/crafted-xlsx";
import { countRows, orgWorld } from "../support/org";
import { getDb } from "#db/client.server";

let app: RunningApp;
let w: Awaited<ReturnType<typeof orgWorld>>;
beforeAll(async () => {
  app = await startApp();
  w = await orgWorld();
}, 180_000);
afterAll(async () => {
  await app?.close();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function send(method: string, pathname: string, body?: Buffer, type?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Cookie: w.cookie, Origin: app.url };
    if (body) Object.assign(headers, { "Content-Type": type!, "Content-Length": String(body.length) });
    const request = http.request(`${app.url}${pathname}`, { method, agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

const postForm = (pathname: string, fields: Record<string, string>) =>
  send("POST", pathname, Buffer.from(new URLSearchParams(fields).toString()), "application/x-www-form-urlencoded");

/** An AFAS Profit "Medewerkers" export as Excel writes it. */
function afasExport(people: number): Buffer {
  const columns = [
    "Medewerker",
    "Personeelsnummer",
    "Voornaam",
    "Roepnaam",
    "Voorletters",
    "Tussenvoegsel",
    "Achternaam",
    "E-mail werk",
    "Geslacht",
    "Geboortedatum",
    "Organisatorische eenheid",
    "Functie",
    "Startdatum",
    "Einddatum contract",
    "Deeltijdfactor",
    "Uren per week",
    "Kostenplaats",
    "Adres",
    "Woonplaats",
    "Telefoon werk",
  ];
  const prefixes = ["", "van", "de", "ter", "van der", ""];
  const tag = w.cluster.id.slice(0, 8);
  const person = (i: number) => [
    `M${i}`,
    String(500000 + i),
    `Voornamen${i} Extra`,
    `Roep${i}`,
    "A.B.",
    prefixes[i % prefixes.length],
    `Achter${i}`,
    `afas.${i}@${tag}.nl`,
    i % 2 ? "M" : "V",
    `${1 + (i % 28)}-${1 + (i % 12)}-${1960 + (i % 40)}`,
    `Eenheid ${i % 300}`,
    `Functie ${i % 90}`,
    `01-${1 + (i % 12)}-${2005 + (i % 20)}`,
    i % 3 === 0 ? `31-12-${2027 + (i % 3)}` : "",
    ["0,8", "1", "0,5556", "0,9"][i % 4],
    ["32", "36", "20", "32,4"][i % 4],
    `KP${i % 50}`,
    `Lange Voorhout ${i % 300} bis`,
    `Plaatsnaam ${i % 500}`,
    `070-${String(3_000_000 + i)}`,
  ];
  return rowsXlsx(columns, people, person);
}

describe("an AFAS export through the wizard over HTTP", () => {
  it("imports 10,000 people with their name prefixes and contracts", async () => {
    const file = afasExport(10_000);
    expect(file.length).toBeGreaterThan(1024 * 1024);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const boundary = "----afas";
    const upload = await send(
      "POST",
      "/import",
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="medewerkers.xlsx"\r\n` +
            "Content-Type: application/octet-stream\r\n\r\n",
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(upload.status).toBe(302);
    const id = String(upload.headers.location).split("/").pop()!;
    expect(await runPersonnelImport(id)).toBe("parsed");

    const [{ mapping }] = (
      await getDb().execute<{ mapping: Record<string, string> }>(sql`select mapping from imports where id = ${id}`)
    ).rows;
    expect(Object.values(mapping).sort()).toEqual(
      [
        "employeeNumber",
        "firstName",
        "namePrefix",
        "lastName",
        "email",
        "gender",
        "birthday",
        "team",
        "position",
        "contractStart",
        "contractEnd",
        "fte",
        "hoursPerWeek",
        "address",
        "city",
        "phone",
      ].sort(),
    );
    const columns = Object.fromEntries(Object.entries(mapping).map(([i, f]) => [`col.${i}`, f]));
    expect((await postForm(`/import/excel/${id}`, { intent: "columns", ...columns })).status).toBe(302);
    expect(await runPersonnelImport(id)).toBe("compared");
    for (const step of ["missing", "new", "changes", "contracts"]) {
      expect((await postForm(`/import/excel/${id}?step=${step}`, { intent: "all-accepted" })).status).toBe(302);
    }
    // Keep the signed-in admin, who is not in the file.
    await getDb().execute(
      sql`update import_changes set decision = 'rejected' where import_id = ${id} and meta = 'NOT_IN_IMPORT'`,
    );
    const applied = await postForm(`/import/excel/${id}?step=contracts`, { intent: "apply", confirm: "on" });
    expect(applied.status).toBe(302);

    const inCluster = sql`m.cluster_id = ${w.cluster.id} and m.employee_number like '5%'`;
    expect(await countRows(sql`select count(*) as n from memberships m where ${inCluster}`)).toBe(10_000);
    const [ter] = (
      await getDb().execute<{ first_name: string; last_name: string; last_name_sort: string }>(sql`
        select u.first_name, u.last_name, u.last_name_sort from users u join memberships m on m.user_id = u.id
        where ${inCluster} and m.employee_number = '500003'`)
    ).rows;
    expect(ter).toEqual({ first_name: "Roep3", last_name: "ter Achter3", last_name_sort: "achter3" });
    expect(
      await countRows(sql`select count(*) as n from users u join memberships m on m.user_id = u.id
        where ${inCluster} and u.last_name like 'van der %'`),
    ).toBe(1666);
    expect(
      await countRows(sql`select count(*) as n from contracts c join memberships m on m.id = c.membership_id
        where ${inCluster}`),
    ).toBe(10_000);
    const [contract] = (
      await getDb().execute<{ position: string; start_date: string; end_date: string; fte: string; hours: string }>(sql`
        select p.name as position, c.start_date::text, c.end_date::text, c.fte::text, c.hours_per_week::text as hours
        from contracts c join positions p on p.id = c.position_id join memberships m on m.id = c.membership_id
        where ${inCluster} and m.employee_number = '500002'`)
    ).rows;
    expect(contract).toEqual({
      position: "Functie 2",
      start_date: "2007-03-01",
      end_date: "2099-12-31",
      fte: "0.56",
      hours: "20.00",
    });
  }, 240_000);

  it("gives the template as xlsx and CSV in the reader's language", async () => {
    const xlsx = await send("GET", "/resources/import-template?format=xlsx");
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    expect(xlsx.body.subarray(0, 2).toString()).toBe("PK");
    const csv = await send("GET", "/resources/import-template?format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("personeel-sjabloon.csv");
    expect(csv.body.toString("utf8")).toContain("Personeelsnummer;Roepnaam;Tussenvoegsel;Achternaam");
  });
});

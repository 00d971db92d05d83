/**
 * The persons list as .xlsx (decision 1413): the page's right, tab, filters and order; every person of the
 * tab rather than one page; text that would start a formula is made inert; nothing of another account.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { demoUsers } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { listEmployees } from "~/features/employees/employee-list.server";
import { loader as exportLoader } from "~/routes/resources+/personnel-export";
import { createUserWithMembership } from "../factories";
import { signInDemoUsers } from "../support/demo-competences";
import { context, getRequest, run } from "../support/http";
import { readXlsx } from "../support/xlsx";
import { requireUser } from "~/utils/tenant.server";

let demo: Awaited<ReturnType<typeof signInDemoUsers>>;

const exportAs = async (cookie: string, query: string) =>
  (await run(() =>
    exportLoader({
      request: getRequest(`/resources/personnel-export?${query}`, cookie),
      params: {},
      context: context(),
    }),
  )) as Response;

async function sheetOf(response: Response) {
  const [sheet] = await readXlsx(Buffer.from(await response.arrayBuffer()));
  const [header, ...rows] = sheet.rows;
  return { name: sheet.name, header, rows };
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  demo = await signInDemoUsers();
}, 120_000);

describe("personnel export", () => {
  it("holds every active person of the cluster in the list's order, with the list's columns", async () => {
    const response = await exportAs(demo.cookies.hr, "tab=active");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;.*personen-actief\.xlsx/);
    const sheet = await sheetOf(response);
    expect(sheet.name).toBe("Personen");
    expect(sheet.header).toEqual([
      "Personeelsnummer",
      "Voornaam",
      "Achternaam",
      "E-mailadres",
      "Teams",
      "Status",
      "Toegang",
    ]);
    const ctx = await requireUser(getRequest("/personnel/users/active", demo.cookies.hr));
    const page = await listEmployees(ctx, { tab: "active" });
    expect(sheet.rows).toHaveLength(page.total);
    // The first page of the list, row by row, is the start of the file.
    expect(sheet.rows.slice(0, page.rows.length).map((r) => r[3])).toEqual(page.rows.map((r) => r.email));
    expect(sheet.rows.map((r) => r[3])).toContain(demoUsers.medewerker);
  });

  it("applies the list's filters, and makes a would-be formula inert", async () => {
    const evil = await createUserWithMembership(getDb(), {
      accountId: demo.accountId,
      clusterId: demo.noord,
      firstName: '=HYPERLINK("http://evil.test")',
      lastName: "Exportproef",
    });
    const sheet = await sheetOf(await exportAs(demo.cookies.hr, "tab=active&q=Exportproef"));
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0][1]).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(sheet.rows[0][3]).toBe(evil.user.email);
  });

  it("is refused to those without users.manage and holds nothing of another account", async () => {
    for (const role of ["medewerker", "leider"] as const) {
      const refused = await exportAs(demo.cookies[role], "tab=active");
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe("/dashboard");
    }
    const andere = await sheetOf(await exportAs(demo.cookies.andere, "tab=active"));
    const emails = andere.rows.map((r) => r[3]);
    expect(emails).toContain(demoUsers.andere);
    expect(emails).not.toContain(demoUsers.medewerker);
    expect(emails).not.toContain(demoUsers.hr);
  });
});

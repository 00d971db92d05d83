/**
 * Decision 1991: a step of the import wizard that writes a state only a job moves on (the upload, the sheet, the
 * columns) commits that state and the job together or not at all. A trigger refusing the job's insert into
 * pg-boss's table stands in for a send that fails (the queue unreachable): the step answers the failed write
 * (decisions 1840, 1925) and the database holds neither the state nor the job. A real worker runs the jobs sent.
 */
import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { imports } from "#db/schema";
import { jobStates } from "#jobs/boss-internals.server";
import { stopSenderBoss } from "#jobs/boss.server";
import { startWorker, type RunningWorker } from "#jobs/worker";
import { connectorImportQueue } from "~/features/imports/connectors/connectors.server";
import { personnelImportQueue } from "~/features/imports/import-run.server";
import { withLogContext } from "~/utils/logger.server";
import { serverBuildFromSources } from "../support/app-server";
import { saveAfasSettings } from "../support/connector-settings";
import { cookieFrom, getRequest } from "../support/http";
import { countRows, orgWorld, postForm } from "../support/org";
import { refusing } from "../support/refusing";
import { handle } from "../support/remix-handler";
import { waitFor } from "../support/started-processes";

let w: Awaited<ReturnType<typeof orgWorld>>;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  w = await orgWorld();
  await serverBuildFromSources(); // the first request would compile the app inside a test's time
  worker = await startWorker(process.env.DATABASE_URL);
});

afterAll(async () => {
  await worker?.stop();
  await stopSenderBoss();
});

const saveFailed = "Import niet opgeslagen. Je wijzigingen zijn niet opgeslagen.";
let requests = 0;

/** Posts the upload as the request `requestId`: the job it sends carries that id (decision 1511). */
function upload(name: string, content: Buffer | string, requestId = `import-job-${++requests}`) {
  const form = new FormData();
  form.append("file", new File([typeof content === "string" ? content : new Uint8Array(content)], name));
  const request = new Request("http://localhost/import", { method: "POST", headers: { Cookie: w.cookie }, body: form });
  return withLogContext({ requestId }, () => handle(request));
}

const importRow = async (id: string) => (await getDb().select().from(imports).where(eq(imports.id, id)))[0];
const jobsOf = (id: string) => jobStates(getDb(), personnelImportQueue, "importId", id);

/** Uploads a file and waits until the worker has read it: the import waits at the columns step. */
async function uploaded(name: string, content: Buffer | string, requestId?: string) {
  const res = await upload(name, content, requestId);
  expect(res.status).toBe(302);
  const id = res.headers.get("Location")!.split("/").pop()!;
  await waitFor(async () => (await importRow(id))?.status === "columns", `import ${id} at its columns`);
  return id;
}

const post = (id: string, fields: Record<string, string>) => handle(postForm(`/import/excel/${id}`, fields, w.cookie));

/** A trigger refusing every job of the personnel import whose import matches `when` (a condition on `i`). */
const refusingJobs = <T>(when: string, body: () => Promise<T>) =>
  refusing(
    "pgboss.job",
    "insert",
    `new.name = '${personnelImportQueue}' and exists (
       select 1 from imports i where i.id = (new.data->>'importId')::uuid and ${when})`,
    body,
  );

describe("the import wizard's state and its job commit together (decision 1991)", () => {
  it("an upload stores the import and exactly one job, which the worker runs", async () => {
    const id = await uploaded("een-job.csv", "Personeelsnummer;Achternaam\n1;Een", "import-job-one-upload");
    expect(await jobsOf(id)).toEqual(["completed"]);
    // The request's id finds its job too (the refused upload below has no import to find it by).
    expect(await jobStates(getDb(), personnelImportQueue, "requestId", "import-job-one-upload")).toEqual(["completed"]);
  });

  it("upload: the job refused, the message next to the file field; no import, no job", async () => {
    const requestId = "import-job-refused-upload";
    await refusingJobs(`i.file_name = 'geen-job.csv'`, async () => {
      const res = await upload("geen-job.csv", "Personeelsnummer;Achternaam\n1;Een", requestId);
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("Import niet toegevoegd. Je wijzigingen zijn niet opgeslagen.");
    });
    expect(await countRows(sql`select count(*) as n from imports where file_name = 'geen-job.csv'`)).toBe(0);
    expect(await jobStates(getDb(), personnelImportQueue, "requestId", requestId)).toEqual([]);
  });

  it("columns: the job refused, the mapping as chosen with the message; the import stays at its columns", async () => {
    const header = `Kolom 1991 ${w.cluster.id}`;
    const id = await uploaded("kolommen-job.csv", `Personeelsnummer;Achternaam;${header}\n1;Een;0612345678`);
    const before = await importRow(id);
    await refusingJobs(`i.id = '${id}'`, async () => {
      const res = await post(id, {
        intent: "columns",
        "col.0": "employeeNumber",
        "col.1": "lastName",
        "col.2": "phone",
      });
      expect(res.status).toBe(409);
      const page = await res.text();
      expect(page).toContain(saveFailed);
      expect(page).toMatch(/<option[^>]*value="phone"[^>]*selected=""/);
    });
    expect(await importRow(id)).toMatchObject({ status: "columns", mapping: before.mapping });
    const remembered = sql`select count(*) as n from import_column_mappings where header = ${header.toLowerCase()}`;
    expect(await countRows(remembered)).toBe(0);
    expect(await jobsOf(id)).toEqual(["completed"]); // the upload's, no other
  });

  it("sheet: the job refused, the message; the import stays at its columns on its first sheet", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Eerste").addRow(["Personeelsnummer", "Achternaam"]);
    book.addWorksheet("Tweede").addRow(["Personeelsnummer", "Achternaam"]);
    const id = await uploaded("bladen-job.xlsx", Buffer.from(await book.xlsx.writeBuffer()));
    await refusingJobs(`i.id = '${id}'`, async () => {
      const res = await post(id, { intent: "sheet", sheet: "1" });
      expect(res.status).toBe(409);
      expect(await res.text()).toContain(saveFailed);
    });
    expect(await importRow(id)).toMatchObject({ status: "columns", sheet: 0 });
    expect(await jobsOf(id)).toEqual(["completed"]);
  });

  it("a connector's 'import now': the job refused, back to its page with the toast; no run started", async () => {
    await saveAfasSettings(w.cookie, "1991");
    await refusing("pgboss.job", "insert", `new.name = '${connectorImportQueue}'`, async () => {
      const res = await handle(postForm("/import/afas", { intent: "run" }, w.cookie));
      expect(res.status).toBe(302);
      const back = await handle(getRequest("/import/afas", `${w.cookie}; ${cookieFrom(res)}`));
      expect(await back.text()).toContain("Import niet toegevoegd. Je wijzigingen zijn niet opgeslagen.");
    });
    const started = sql`select count(*) as n from imports where cluster_id = ${w.cluster.id} and source = 'afas'`;
    expect(await countRows(started)).toBe(0);
  });
});

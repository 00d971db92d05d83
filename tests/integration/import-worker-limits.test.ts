/**
 * Issue 33 item 2 (docs/decisions/1450), through the real path: the upload action stores the file and
 * queues the job, and the job worker runs as in production (its bundle, a 160 MB heap, restarted by a
 * ProcessGroup when it dies). Issue 33's two spreadsheets end as failed imports with a message and an
 * e-mail without the worker dying; a worker that does die while parsing fails the import on the retry,
 * once; and other jobs go on throughout.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { imports } from "#db/schema";
import { stopSenderBoss } from "#jobs/boss.server";
import { action as uploadAction } from "~/routes/_app+/import+/_index";
import { bin, projectRoot } from "../../scripts/processes";
import { hugeCellXlsx, lyingXlsx } from "../support/crafted-xlsx";
import { BASE, context, run } from "../support/http";
import { orgWorld } from "../support/org";
import { handle } from "../support/remix-handler";
import { readMail, startSmtpCapture } from "../support/smtp";

type World = Awaited<ReturnType<typeof orgWorld>>;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let group: ChildProcess | undefined;
let output = "";
let w: World;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  w = await orgWorld();
  group = spawn(bin("tsx"), ["tests/support/bundled-worker-group.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      SMTP_URL: smtp.url,
      JOB_LEASE_SECONDS: "3",
      JOB_SUPERVISE_SECONDS: "1",
      // The test reads the worker's "worker started" lines; under vitest the logger would say only warnings.
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: afterAll ends the tsx wrapper, the group and the worker together, so that no worker
    // outlives the run (one did, polling a dropped database, when the wrapper exited before its child).
    detached: true,
  });
  group.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  group.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForOutput(/worker started \(pid \d+\)/, 0, 90_000);
}, 120_000);

afterAll(async () => {
  if (group?.pid && group.exitCode === null) {
    const exited = new Promise((resolve) => group!.once("exit", resolve));
    process.kill(-group.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  // Whatever of the process group is still there (a worker the group could not stop in time) goes now.
  if (group?.pid) {
    try {
      process.kill(-group.pid, "SIGKILL");
    } catch {
      // The whole group has exited.
    }
  }
  await stopSenderBoss();
  await smtp.close();
});

/** Waits until the group's output matches `pattern` (after `from` characters) and returns the match. */
async function waitForOutput(pattern: RegExp, from = 0, timeoutMs = 60_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(output.slice(from));
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; worker output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function upload(name: string, content: Buffer | string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([typeof content === "string" ? content : new Uint8Array(content)], name));
  const request = new Request(`${BASE}/import`, { method: "POST", headers: { Cookie: w.cookie }, body: form });
  const res = (await run(() => uploadAction({ request, context: context(), params: {} }))) as Response;
  expect(res.status).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

const importOf = async (id: string) => (await getDb().select().from(imports).where(eq(imports.id, id)))[0];

/** The import once its job has left the parse stage. */
const parsed = (id: string) =>
  waitFor(async () => {
    const row = await importOf(id);
    return row.status === "parsing" ? undefined : row;
  }, `import ${id} to be parsed`);

const mailsTo = (email: string, fileName: string) =>
  smtp.messages
    .filter((m) => m.envelopeTo.includes(email))
    .map((m) => readMail(m.raw))
    .filter((m) => m.subject.includes(fileName));

const header = "Personeelsnummer;Voornaam;Achternaam;E-mail";
const csv = (rows: number, tag: string) =>
  [header, ...Array.from({ length: rows }, (_, i) => `${i};Naam${i};${tag};${tag}-${i}-${w.cluster.id}@test.nl`)].join(
    "\r\n",
  );

describe("an import the worker cannot hold", () => {
  it("issue 33's two spreadsheets fail with a message and an e-mail, the worker never dies, other jobs go on", async () => {
    const pid = (await waitForOutput(/worker started \(pid (\d+)\)/))[1];
    const huge = await hugeCellXlsx();
    const lying = await lyingXlsx();
    expect(huge.length).toBeLessThan(400 * 1024);
    expect(lying.length).toBeLessThan(1024 * 1024);
    const hugeId = await upload("een-cel.xlsx", huge);
    const lyingId = await upload("liegt.xlsx", lying);
    const fineId = await upload("goed.csv", csv(3, "goed"));

    for (const id of [hugeId, lyingId]) {
      expect(await parsed(id)).toMatchObject({
        status: "failed",
        errorKey: "import:errors.rowTooLarge",
        errorValues: { max: 256 },
        parseRunning: false,
      });
    }
    expect(await parsed(fineId)).toMatchObject({ status: "columns", rowsTotal: 3 });

    // What the importer sees: the message on the import page, in their language, with the limit filled in.
    const page = await handle(new Request(`${BASE}/import/excel/${hugeId}`, { headers: { Cookie: w.cookie } }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      "Het bestand heeft een rij of cel die te groot is om in te lezen (meer dan 256",
    );

    // …and an e-mail each, linking to it.
    for (const [fileName, id] of [
      ["een-cel.xlsx", hugeId],
      ["liegt.xlsx", lyingId],
    ]) {
      const [mail] = await waitFor(async () => {
        const found = mailsTo(w.admin.user.email, fileName);
        return found.length > 0 ? found : undefined;
      }, `the e-mail about ${fileName}`);
      expect(mail.subject).toBe(`Import van ${fileName} mislukt`);
      expect(mail.text).toContain(`/import/excel/${id}`);
    }

    // The same worker did all of it.
    expect(output).not.toMatch(/starting it again/);
    expect(output.match(/worker started \(pid (\d+)\)/g)).toEqual([`worker started (pid ${pid})`]);
  }, 180_000);

  it("a worker that dies while parsing: the retry fails the import at once, with a message and an e-mail", async () => {
    const firstPid = Number((await waitForOutput(/worker started \(pid (\d+)\)/))[1]);
    // Large enough to be still being read when the first batch of 5,000 rows has been stored.
    const id = await upload("groot.csv", csv(50_000, "groot"));
    await waitFor(async () => {
      const row = await importOf(id);
      expect(row.status).toBe("parsing");
      return row.rowsDone > 0 ? row : undefined;
    }, "the first rows to be stored");
    const before = output.length;
    process.kill(firstPid, "SIGKILL");
    await waitForOutput(/worker stopped \((SIGKILL|exit code 137)\); starting it again/, before);
    await waitForOutput(/worker started \(pid \d+\)/, before);

    expect(await parsed(id)).toMatchObject({
      status: "failed",
      errorKey: "import:errors.interrupted",
      parseAttempts: 2,
      parseRunning: false,
      rowsDone: expect.any(Number),
    });
    const [mail] = await waitFor(async () => {
      const found = mailsTo(w.admin.user.email, "groot.csv");
      return found.length > 0 ? found : undefined;
    }, "the e-mail about groot.csv");
    expect(mail.text).toContain(`/import/excel/${id}`);

    // Once: the file is not read again, and the restarted worker goes on with the next job.
    const nextId = await upload("daarna.csv", csv(2, "daarna"));
    expect(await parsed(nextId)).toMatchObject({ status: "columns", rowsTotal: 2 });
    expect(output.slice(before).match(/starting it again/g)).toHaveLength(1);
    expect(await importOf(id)).toMatchObject({ status: "failed", parseAttempts: 2 });
  }, 180_000);
});

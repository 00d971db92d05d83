import dns from "node:dns";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "#db/client.server";
import {
  emailOutbox,
  importChanges,
  importConnectorRuns,
  importConnectors,
  importRows,
  imports,
  users,
} from "#db/schema";
import {
  AFAS_PAGE_SIZE,
  ConnectorError,
  connectorFetch,
  getJson,
} from "~/features/imports/connectors/connector-clients.server";
import {
  finishScheduledRun,
  LOST_RUN_GIVE_UP_MS,
  recoverLostRuns,
  runConnectorImport,
  startScheduledImports,
} from "~/features/imports/connectors/connector-schedule.server";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import { action as afasAction, loader as afasLoader } from "~/routes/_app+/import+/afas";
import { action as wizardAction, loader as wizardLoader } from "~/routes/_app+/import+/excel.$id";
import { loader as polarisRunLoader } from "~/routes/_app+/import+/polaris.$id";
import { action as polarisAction, loader as polarisLoader } from "~/routes/_app+/import+/polaris._index";
import { createTeam, createUserWithMembership } from "../factories";
import { startFakeHrSystem, type FakeServer } from "../support/fake-hr-systems";
import { context, getRequest, run, unwrapData } from "../support/http";
import { orgWorld, postForm } from "../support/org";
import { sessionCookieFor } from "../support/session";
import { refusing } from "../support/refusing";

type World = Awaited<ReturnType<typeof orgWorld>>;
const args = (request: Request, id?: string) => ({ request, context: context(), params: id ? { id } : {} });
const AFAS_TOKEN = "<token><version>1</version><data>GEHEIM-AFAS-1234567890</data></token>";
const POLARIS_TOKEN = "polaris-sleutel-abcdef-123456";

const post = (kind: "afas" | "polaris", w: World, fields: Record<string, string>) =>
  run(() =>
    (kind === "afas" ? afasAction : polarisAction)(args(postForm(`/import/${kind}`, fields, w.cookie))),
  ) as Promise<unknown>;

const afasPerson = (i: number, cluster: string) => ({
  Medewerker: String(1000 + i),
  Roepnaam: `Naam${i}`,
  Achternaam: `Achter${i}`,
  Email_werk: `p${i}-${cluster}@afas.test`,
  Geboortedatum: "1980-03-15T00:00:00Z",
  Organisatorische_eenheid_omschrijving: i % 2 ? "Zorg" : "Kantoor",
});

async function saveSettings(kind: "afas" | "polaris", w: World, url: string, token: string) {
  const res = (await post(kind, w, {
    intent: "settings",
    url,
    secret: token,
    ...(kind === "afas" ? { connectorName: "Profit_Employees" } : {}),
  })) as Response;
  expect(res.status).toBe(302);
}

async function importNow(kind: "afas" | "polaris", w: World): Promise<string> {
  const res = (await post(kind, w, { intent: "run" })) as Response;
  expect(res.status).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

const importOf = async (id: string) => (await getDb().select().from(imports).where(eq(imports.id, id)))[0];
const rowCount = async (id: string) =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(importRows)
      .where(eq(importRows.importId, id))
  )[0].n;

let w: World;
let other: World;
let afas: FakeServer;
let polaris: FakeServer;
beforeAll(async () => {
  // The fake HR systems listen on 127.0.0.1, an address connectors refuse outside tests (decision 1225).
  process.env.CONNECTOR_ALLOW_LOOPBACK = "1";
  w = await orgWorld();
  other = await orgWorld();
  afas = await startFakeHrSystem({
    kind: "afas",
    token: AFAS_TOKEN,
    // The last person has a field no one before them had (it first appears on the last page).
    rows: Array.from({ length: AFAS_PAGE_SIZE * 2 + 3 }, (_, i) =>
      i === AFAS_PAGE_SIZE * 2 + 2
        ? { ...afasPerson(i, w.cluster.id), Telefoon_werk: "06-12345678" }
        : afasPerson(i, w.cluster.id),
    ),
  });
  polaris = await startFakeHrSystem({
    kind: "polaris",
    token: POLARIS_TOKEN,
    teams: [
      { id: "T1", name: "Zorg Noord", leaderEmployeeNumber: "P1" },
      { id: "T2", name: "Kantoor" },
    ],
    rows: [],
  });
});
afterAll(async () => {
  await afas?.close();
  await polaris?.close();
});

describe("connector settings", () => {
  it("answers a failed write with the form as typed (the token hidden), 409 and the message (decision 1840)", async () => {
    await refusing("import_connectors", "insert", `new.cluster_id = '${w.cluster.id}'`, async () => {
      await refusing("import_connectors", "update", `new.cluster_id = '${w.cluster.id}'`, async () => {
        const fields = {
          intent: "settings",
          url: "https://weigert-1883.example",
          secret: "GEHEIM",
          connectorName: "X",
        };
        const refused = unwrapData(await post("afas", w, fields));
        expect(refused.status).toBe(409);
        expect(refused.data).toMatchObject({
          reply: {
            initialValue: { url: "https://weigert-1883.example", connectorName: "X" },
            error: { "": ["common:actionFailed.save?item=settings"] },
          },
        });
        expect(JSON.stringify(refused.data)).not.toContain("GEHEIM");
      });
    });
  });

  it("stores the token encrypted, never shows it back, keeps it when left empty, and refuses bad input", async () => {
    const bad = unwrapData(
      await post("afas", w, { intent: "settings", url: "ftp://x", secret: "", connectorName: "a b" }),
    );
    expect(bad.status).toBe(400);
    const reply = bad.data as { reply: { error: Record<string, string[]> } };
    expect(reply.reply.error.url).toEqual(["import:connector.errors.url"]);
    expect(reply.reply.error.connectorName).toEqual(["import:connector.errors.connectorName"]);
    const noSecret = unwrapData(await post("afas", w, { intent: "settings", url: afas.url, connectorName: "X" }));
    expect(noSecret.status).toBe(400);
    expect((noSecret.data as { reply: { error: Record<string, string[]> } }).reply.error.secret).toEqual([
      "import:connector.errors.secretRequired",
    ]);

    await saveSettings("afas", w, afas.url, AFAS_TOKEN);
    const [stored] = await getDb()
      .select()
      .from(importConnectors)
      .where(and(eq(importConnectors.clusterId, w.cluster.id), eq(importConnectors.kind, "afas")));
    expect(stored.secretEncrypted.startsWith("v1.")).toBe(true);
    expect(stored.secretEncrypted).not.toContain("GEHEIM");
    const page = JSON.stringify(await afasLoader(args(getRequest("/import/afas", w.cookie))));
    expect(page).not.toContain("GEHEIM-AFAS-1234567890");
    expect(page).toContain("••••");

    // An empty token keeps the stored one.
    const kept = (await post("afas", w, {
      intent: "settings",
      url: afas.url,
      secret: "",
      connectorName: "Profit_Employees",
    })) as Response;
    expect(kept.status).toBe(302);
    const test = unwrapData(await post("afas", w, { intent: "test" }));
    expect(test.status).toBe(200);
    expect((test.data as { test: { ok: boolean } }).test.ok).toBe(true);
  });

  it("refuses this server's own and link-local addresses (cloud metadata), by number and by name", async () => {
    delete process.env.CONNECTOR_ALLOW_LOOPBACK;
    const requestsBefore = polaris.requests.length;
    try {
      for (const url of [
        polaris.url,
        "http://localhost:5432/",
        "http://[::1]:8080/api",
        "http://[::ffff:127.0.0.1]:8080/api",
        "http://169.254.169.254/latest/meta-data",
        "http://0.0.0.0:3000/",
      ]) {
        await saveSettings("polaris", other, url, POLARIS_TOKEN);
        const result = unwrapData(await post("polaris", other, { intent: "test" }));
        expect([url, result.status]).toEqual([url, 400]);
        expect([url, (result.data as { test: { errorKey: string } }).test.errorKey]).toEqual([
          url,
          "import:connector.errors.forbiddenAddress",
        ]);
      }
      // Refused before any request left the server.
      expect(polaris.requests.length).toBe(requestsBefore);
    } finally {
      process.env.CONNECTOR_ALLOW_LOOPBACK = "1";
    }
  });

  it("test connection names each failure in the user's language, never a 500", async () => {
    await saveSettings("polaris", other, polaris.url, "wrong-token");
    const unauthorised = unwrapData(await post("polaris", other, { intent: "test" }));
    expect(unauthorised.status).toBe(400);
    expect((unauthorised.data as { test: { errorKey: string } }).test.errorKey).toBe(
      "import:connector.errors.unauthorised",
    );
    // Nothing listens on this port any more.
    const closed = await startFakeHrSystem({ kind: "polaris", token: "x", rows: [] });
    await closed.close();
    await saveSettings("polaris", other, closed.url, "x");
    const unreachable = unwrapData(await post("polaris", other, { intent: "test" }));
    expect((unreachable.data as { test: { errorKey: string } }).test.errorKey).toBe(
      "import:connector.errors.unreachable",
    );
    await saveSettings("polaris", other, polaris.url, POLARIS_TOKEN);
    for (const [mode, key] of [
      ["error500", "import:connector.errors.remote"],
      ["malformed", "import:connector.errors.badData"],
      ["slow", "import:connector.errors.timeout"],
    ] as const) {
      polaris.mode = mode;
      process.env.CONNECTOR_TIMEOUT_MS = "300";
      const result = unwrapData(await post("polaris", other, { intent: "test" }));
      expect(result.status).toBe(400);
      expect((result.data as { test: { errorKey: string } }).test.errorKey).toBe(key);
    }
    polaris.mode = "ok";
    delete process.env.CONNECTOR_TIMEOUT_MS;
    const ok = unwrapData(await post("polaris", other, { intent: "test" }));
    expect(ok.status).toBe(200);
    // Not configured yet: a message, not a 500.
    const fresh = await orgWorld();
    const none = unwrapData(await post("afas", fresh, { intent: "run" }));
    expect(none.status).toBe(400);
  });
});

describe("AFAS import", () => {
  it("pages until a short page, maps the fields and goes through the same compare as a spreadsheet", async () => {
    afas.requests.length = 0;
    const id = await importNow("afas", w);
    expect((await importOf(id)).source).toBe("afas");
    // While it fetches, the wizard's page says where from (not "Reading the file").
    const fetching = (await wizardLoader(args(getRequest(`/import/excel/${id}`, w.cookie), id))) as unknown as {
      status: string;
      connector: boolean;
      fileName: string;
    };
    expect(fetching).toMatchObject({ status: "parsing", connector: true, fileName: "AFAS Profit" });
    expect(await runConnectorImport(id)).toBe("columns");
    expect(afas.requests).toEqual([
      `/connectors/Profit_Employees?skip=0&take=${AFAS_PAGE_SIZE}`,
      `/connectors/Profit_Employees?skip=${AFAS_PAGE_SIZE}&take=${AFAS_PAGE_SIZE}`,
      `/connectors/Profit_Employees?skip=${AFAS_PAGE_SIZE * 2}&take=${AFAS_PAGE_SIZE}`,
    ]);
    expect(await rowCount(id)).toBe(AFAS_PAGE_SIZE * 2 + 3);
    const wizard = (await wizardLoader(args(getRequest(`/import/excel/${id}`, w.cookie), id))) as unknown as {
      status: string;
      columns: { mapping: Record<string, string> };
      headers: string[];
    };
    expect(wizard.status).toBe("columns");
    // Pages are stored as they arrive: a field first seen on the last page is the last column, empty before.
    expect(wizard.headers.at(-1)).toBe("Telefoon_werk");
    const phoneColumn = wizard.headers.length - 1;
    const stored = await getDb()
      .select({ rowNumber: importRows.rowNumber, values: importRows.values })
      .from(importRows)
      .where(eq(importRows.importId, id));
    const phones = stored.filter((r) => (r.values[phoneColumn] ?? "") !== "");
    expect(phones).toEqual([{ rowNumber: AFAS_PAGE_SIZE * 2 + 4, values: expect.any(Array) }]);
    expect(phones[0].values[phoneColumn]).toBe("06-12345678");
    const mapped = Object.fromEntries(Object.entries(wizard.columns.mapping).map(([i, f]) => [wizard.headers[+i], f]));
    expect(mapped).toMatchObject({
      Medewerker: "employeeNumber",
      Roepnaam: "firstName",
      Achternaam: "lastName",
      Email_werk: "email",
      Geboortedatum: "birthday",
      Organisatorische_eenheid_omschrijving: "team",
    });
    const fields = Object.fromEntries(Object.entries(wizard.columns.mapping).map(([i, f]) => [`col.${i}`, f]));
    const res = (await run(() =>
      wizardAction(args(postForm(`/import/excel/${id}`, { intent: "columns", ...fields }, w.cookie), id)),
    )) as Response;
    expect(res.status).toBe(302);
    expect(await runPersonnelImport(id)).toBe("compared");
    const counts = (await importOf(id)).counts;
    expect(counts.newPeople).toBe(AFAS_PAGE_SIZE * 2 + 3);
    expect(counts.newTeams).toBe(2);
    expect(counts.rowsWithErrors).toBe(0);
  });

  it("a malformed page ends the fetch with a message and nothing kept; a retried job ends the same", async () => {
    afas.mode = "malformedSecondPage";
    const id = await importNow("afas", w);
    expect(await runConnectorImport(id)).toBe("failed");
    afas.mode = "ok";
    const item = await importOf(id);
    expect(item.status).toBe("failed");
    expect(item.errorKey).toBe("import:connector.errors.badData");
    expect(await rowCount(id)).toBe(0);
    const [stage] = await getDb().select().from(importConnectorRuns).where(eq(importConnectorRuns.importId, id));
    expect(stage.stage).toBe("failed");
    // The wizard shows the message (status 200, not a 500).
    const page = (await wizardLoader(args(getRequest(`/import/excel/${id}`, w.cookie), id))) as unknown as {
      errorKey: string;
    };
    expect(page.errorKey).toBe("import:connector.errors.badData");
    expect(await runConnectorImport(id)).toBe("failed");
  });
});

describe("Polaris import", () => {
  it("passes fetch → teams → team_leaders → users → compare → ready and lands in the review steps", async () => {
    const world = await orgWorld();
    await createTeam(getDb(), { accountId: world.account.id, clusterId: world.cluster.id, name: "Kantoor" });
    const known = await createUserWithMembership(getDb(), {
      accountId: world.account.id,
      clusterId: world.cluster.id,
      employeeNumber: "P2",
      firstName: "Bert",
      lastName: "Bakker",
      email: `bert-${world.cluster.id}@polaris.test`,
    });
    polaris.rows = [
      {
        employeeNumber: "P1",
        firstName: "Anna",
        lastName: "Leider",
        email: `anna-${world.cluster.id}@polaris.test`,
        teamId: "T1",
      },
      { employeeNumber: "P2", firstName: "Bert", lastName: "Bakker-de Wit", email: known.user.email, teamId: "T2" },
      {
        employeeNumber: "P3",
        firstName: "Cor",
        lastName: "Claes",
        email: `cor-${world.cluster.id}@polaris.test`,
        teamId: "T1",
        fte: 0.8,
        birthDate: "1990-02-01",
      },
    ];
    await saveSettings("polaris", world, polaris.url, POLARIS_TOKEN);
    const id = await importNow("polaris", world);
    const running = (await polarisRunLoader(args(getRequest(`/import/polaris/${id}`, world.cookie), id))) as {
      stage: string;
    };
    expect(running.stage).toBe("fetch");
    expect(await runConnectorImport(id)).toBe("comparing");
    const [stage] = await getDb().select().from(importConnectorRuns).where(eq(importConnectorRuns.importId, id));
    expect(stage.stage).toBe("ready");
    expect((await importOf(id)).status).toBe("review");
    const ready = (await run(() =>
      polarisRunLoader(args(getRequest(`/import/polaris/${id}`, world.cookie), id)),
    )) as Response;
    expect(ready.status).toBe(302);
    expect(ready.headers.get("Location")).toBe(`/import/excel/${id}`);
    const changes = await getDb()
      .select({
        meta: importChanges.meta,
        label: importChanges.label,
        field: importChanges.field,
        newValue: importChanges.newValue,
      })
      .from(importChanges)
      .where(eq(importChanges.importId, id));
    expect(changes.filter((c) => c.meta === "NEW_TEAM").map((c) => c.newValue ?? c.label)).toEqual(["Zorg Noord"]);
    expect(changes.filter((c) => c.meta === "NEW_PERSON")).toHaveLength(2);
    expect(changes.find((c) => c.meta === "CHANGED" && c.field === "lastName")?.newValue).toBe("Bakker-de Wit");
    expect(changes.some((c) => c.meta === "CHANGED" && c.field === "teamLeader")).toBe(true);
    // Nothing was applied before HR decides.
    const [bert] = await getDb().select().from(users).where(eq(users.id, known.user.id));
    expect(bert.lastName).toBe("Bakker");
  });

  it("a bad page in the middle fails the run, shown on import/polaris/{id}", async () => {
    const world = await orgWorld();
    polaris.rows = [
      { employeeNumber: "Q1", email: `q1-${world.cluster.id}@polaris.test` },
      { employeeNumber: "Q2", email: `q2-${world.cluster.id}@polaris.test` },
      { employeeNumber: "Q3", email: `q3-${world.cluster.id}@polaris.test` },
    ];
    polaris.mode = "malformedSecondPage";
    await saveSettings("polaris", world, polaris.url, POLARIS_TOKEN);
    const id = await importNow("polaris", world);
    expect(await runConnectorImport(id)).toBe("failed");
    polaris.mode = "ok";
    const page = (await polarisRunLoader(args(getRequest(`/import/polaris/${id}`, world.cookie), id))) as {
      status: string;
      errorKey: string;
    };
    expect(page).toMatchObject({ status: "failed", errorKey: "import:connector.errors.badData" });
    expect(await rowCount(id)).toBe(0);
  });
});

describe("rights and tenancy", () => {
  it("users.import on every connector route; another cluster's run is a 404 and its settings are its own", async () => {
    const id = await importNow("afas", w);
    const foreign = (await run(() =>
      polarisRunLoader(args(getRequest(`/import/polaris/${id}`, other.cookie), id)),
    )) as Response;
    expect(foreign.status).toBe(404);
    const notUuid = (await run(() =>
      polarisRunLoader(args(getRequest(`/import/polaris/nope`, w.cookie), "nope")),
    )) as Response;
    expect(notUuid.status).toBe(404);
    // An AFAS run is not a Polaris page.
    const wrongKind = (await run(() =>
      polarisRunLoader(args(getRequest(`/import/polaris/${id}`, w.cookie), id)),
    )) as Response;
    expect(wrongKind.status).toBe(404);
    const otherPage = (await afasLoader(args(getRequest("/import/afas", other.cookie)))) as {
      connector: { configured: boolean };
      runs: unknown[];
    };
    expect(otherPage.connector.configured).toBe(false);
    expect(otherPage.runs).toEqual([]);

    const employee = await createUserWithMembership(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    const { cookie } = await sessionCookieFor({
      userId: employee.user.id,
      accountId: w.account.id,
      clusterId: w.cluster.id,
    });
    const attempts: (() => Promise<unknown>)[] = [
      () => afasLoader(args(getRequest("/import/afas", cookie))),
      () => afasAction(args(postForm("/import/afas", { intent: "run" }, cookie))),
      () => polarisLoader(args(getRequest("/import/polaris", cookie))),
      () => polarisAction(args(postForm("/import/polaris", { intent: "test" }, cookie))),
      () => polarisRunLoader(args(getRequest(`/import/polaris/${id}`, cookie), id)),
    ];
    for (const attempt of attempts) {
      const res = (await run(attempt)) as Response;
      expect(res.status).toBe(302);
    }
  });
});

describe("scheduled imports", () => {
  it("a due slot starts once with two workers; HR gets one e-mail; safe changes are applied when chosen", async () => {
    const world = await orgWorld();
    const person = await createUserWithMembership(getDb(), {
      accountId: world.account.id,
      clusterId: world.cluster.id,
      employeeNumber: "S1",
      firstName: "Sam",
      lastName: "Oud",
      email: `sam-${world.cluster.id}@polaris.test`,
    });
    // Everyone of the cluster is in the data (someone missing would be a decision: deactivate or keep).
    polaris.rows = [
      { employeeNumber: "S1", firstName: "Sam", lastName: "Nieuw", email: person.user.email },
      { email: world.admin.user.email, firstName: world.admin.user.firstName, lastName: world.admin.user.lastName },
    ];
    await saveSettings("polaris", world, polaris.url, POLARIS_TOKEN);
    const bad = unwrapData(
      await post("polaris", world, { intent: "schedule", schedule: "daily", weekday: "9", time: "25:00" }),
    );
    expect(bad.status).toBe(400);
    const saved = (await post("polaris", world, {
      intent: "schedule",
      schedule: "daily",
      weekday: "1",
      time: "06:00",
      autoApply: "on",
    })) as Response;
    expect(saved.status).toBe(302);
    // The schedule was set "yesterday"; today at 07:00 Amsterdam the 06:00 slot is due.
    const now = new Date("2026-11-27T06:00:00Z");
    await getDb()
      .update(importConnectors)
      .set({ scheduledSince: new Date("2026-11-26T12:00:00Z") })
      .where(eq(importConnectors.clusterId, world.cluster.id));
    const [a, b] = await Promise.all([
      startScheduledImports(now, [world.cluster.id]),
      startScheduledImports(now, [world.cluster.id]),
    ]);
    expect([...a, ...b]).toHaveLength(1);
    expect(await startScheduledImports(now, [world.cluster.id])).toEqual([]);
    const id = [...a, ...b][0];
    const [runRow] = await getDb().select().from(importConnectorRuns).where(eq(importConnectorRuns.importId, id));
    expect(runRow.slot).toBe("2026-11-27 06:00");

    await runConnectorImport(id);
    await finishScheduledRun(id);
    const item = await importOf(id);
    expect(item.status).toBe("applied");
    const [sam] = await getDb().select().from(users).where(eq(users.id, person.user.id));
    expect(sam.lastName).toBe("Nieuw");
    const mails = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "import-scheduled"), eq(emailOutbox.toAddress, world.admin.user.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0].props).toMatchObject({ outcome: "applied", changes: 1, path: `/import/view/${id}` });
  });

  it("with changes that need a decision, the run waits for HR (safe ones pre-accepted) and nothing is applied", async () => {
    const world = await orgWorld();
    const person = await createUserWithMembership(getDb(), {
      accountId: world.account.id,
      clusterId: world.cluster.id,
      employeeNumber: "R1",
      lastName: "Oud",
      email: `r1-${world.cluster.id}@polaris.test`,
    });
    polaris.rows = [
      { employeeNumber: "R1", lastName: "Nieuw", email: person.user.email },
      { employeeNumber: "R2", firstName: "Nina", lastName: "Nieuwkomer", email: `r2-${world.cluster.id}@polaris.test` },
    ];
    await saveSettings("polaris", world, polaris.url, POLARIS_TOKEN);
    await post("polaris", world, {
      intent: "schedule",
      schedule: "weekly",
      weekday: "5",
      time: "06:00",
      autoApply: "on",
    });
    await getDb()
      .update(importConnectors)
      .set({ scheduledSince: new Date("2026-11-20T12:00:00Z") })
      .where(eq(importConnectors.clusterId, world.cluster.id));
    // Friday 27 November 2026, 07:00 in Amsterdam.
    const [id] = await startScheduledImports(new Date("2026-11-27T06:00:00Z"), [world.cluster.id]);
    expect(await startScheduledImports(new Date("2026-11-26T06:00:00Z"), [world.cluster.id])).toEqual([]);
    await runConnectorImport(id);
    await finishScheduledRun(id);
    expect((await importOf(id)).status).toBe("review");
    const decisions = await getDb()
      .select({ meta: importChanges.meta, field: importChanges.field, decision: importChanges.decision })
      .from(importChanges)
      .where(eq(importChanges.importId, id));
    expect(decisions.find((d) => d.field === "lastName")?.decision).toBe("accepted");
    expect(decisions.find((d) => d.meta === "NEW_PERSON")?.decision).toBe("pending");
    const [kept] = await getDb().select().from(users).where(eq(users.id, person.user.id));
    expect(kept.lastName).toBe("Oud");
    const mails = await getDb()
      .select({ props: emailOutbox.props })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "import-scheduled"), eq(emailOutbox.toAddress, world.admin.user.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0].props).toMatchObject({ outcome: "review", path: `/import/excel/${id}` });
  });
});

describe("lost jobs", () => {
  const jobStates = async (id: string) =>
    (
      await getDb().execute<{ state: string }>(
        sql`select state from pgboss.job where name = 'personnel-import-connector' and data->>'importId' = ${id}`,
      )
    ).rows.map((r) => r.state);
  const setJobState = (id: string, state: string) =>
    getDb().execute(
      sql`update pgboss.job set state = ${state}::pgboss.job_state
          where name = 'personnel-import-connector' and data->>'importId' = ${id}`,
    );

  it("a run whose job was lost is queued again once, then failed with a clear message and one e-mail", async () => {
    const world = await orgWorld();
    polaris.rows = [{ employeeNumber: "L1", email: `l1-${world.cluster.id}@polaris.test` }];
    await saveSettings("polaris", world, polaris.url, POLARIS_TOKEN);
    await post("polaris", world, { intent: "schedule", schedule: "daily", weekday: "1", time: "06:00" });
    await getDb()
      .update(importConnectors)
      .set({ scheduledSince: new Date("2026-11-26T12:00:00Z") })
      .where(eq(importConnectors.clusterId, world.cluster.id));
    const [scheduled] = await startScheduledImports(new Date("2026-11-27T06:00:00Z"), [world.cluster.id]);
    const manual = await importNow("polaris", world);
    const clusters = [world.cluster.id];
    const later = new Date(Date.now() + 20 * 60_000);

    // Young runs, and runs whose job pg-boss still holds (waiting, or active on a worker it will expire), are left.
    expect(await recoverLostRuns(new Date(), clusters)).toEqual({ requeued: [], failed: [] });
    expect(await recoverLostRuns(later, clusters)).toEqual({ requeued: [], failed: [] });
    await setJobState(manual, "active");
    expect(await recoverLostRuns(later, clusters)).toEqual({ requeued: [], failed: [] });

    // The worker died and the job is gone: the same import is queued again, once with two ticks at a time.
    await getDb().execute(
      sql`delete from pgboss.job where name = 'personnel-import-connector' and data->>'importId' = ${scheduled}`,
    );
    const [a, b] = await Promise.all([recoverLostRuns(later, clusters), recoverLostRuns(later, clusters)]);
    expect([...a.requeued, ...b.requeued]).toEqual([scheduled]);
    expect([...a.failed, ...b.failed]).toEqual([]);
    expect(await jobStates(scheduled)).toEqual(["created"]);
    expect(await recoverLostRuns(later, clusters)).toEqual({ requeued: [], failed: [] });

    // Its retries are used up (and the manual run's too): the runs fail, nothing kept, HR told once.
    await setJobState(scheduled, "failed");
    await setJobState(manual, "failed");
    const [c, d] = await Promise.all([recoverLostRuns(later, clusters), recoverLostRuns(later, clusters)]);
    expect([...c.failed, ...d.failed].sort()).toEqual([scheduled, manual].sort());
    expect([...c.requeued, ...d.requeued]).toEqual([]);
    for (const id of [scheduled, manual]) {
      expect(await importOf(id)).toMatchObject({ status: "failed", errorKey: "import:connector.errors.interrupted" });
      expect(await rowCount(id)).toBe(0);
      const page = (await polarisRunLoader(args(getRequest(`/import/polaris/${id}`, world.cookie), id))) as {
        status: string;
        stage: string;
        errorKey: string;
      };
      expect(page).toMatchObject({
        status: "failed",
        stage: "failed",
        errorKey: "import:connector.errors.interrupted",
      });
    }
    expect(await recoverLostRuns(later, clusters)).toEqual({ requeued: [], failed: [] });
    // A job that turns up late changes nothing and mails nothing more.
    await runConnectorImport(scheduled);
    expect((await importOf(scheduled)).status).toBe("failed");
    const mails = await getDb()
      .select({ props: emailOutbox.props })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "import-scheduled"), eq(emailOutbox.toAddress, world.admin.user.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0].props).toMatchObject({ outcome: "failed", path: `/import/excel/${scheduled}` });
    // Still one run for the slot.
    const runs = await getDb()
      .select()
      .from(importConnectorRuns)
      .where(
        and(eq(importConnectorRuns.clusterId, world.cluster.id), eq(importConnectorRuns.slot, "2026-11-27 06:00")),
      );
    expect(runs).toHaveLength(1);
  });

  it("a run never queued for hours is failed instead of queued again", async () => {
    const world = await orgWorld();
    await saveSettings("polaris", world, polaris.url, POLARIS_TOKEN);
    const id = await importNow("polaris", world);
    await getDb().execute(
      sql`delete from pgboss.job where name = 'personnel-import-connector' and data->>'importId' = ${id}`,
    );
    const muchLater = new Date(Date.now() + LOST_RUN_GIVE_UP_MS + 60_000);
    expect(await recoverLostRuns(muchLater, [world.cluster.id])).toEqual({ requeued: [], failed: [id] });
    expect(await jobStates(id)).toEqual([]);
    expect((await importOf(id)).errorKey).toBe("import:connector.errors.interrupted");
  });
});

describe("addresses checked where the connection is made (DNS rebinding, decision 1227)", () => {
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    return error instanceof ConnectorError ? error.key : String(error);
  };

  it("the connectors' dispatcher refuses a loopback literal and a name resolving to loopback; tests may allow it", async () => {
    const fresh = await startFakeHrSystem({ kind: "polaris", token: POLARIS_TOKEN, teams: [], rows: [] });
    const port = new URL(fresh.url).port;
    const init = { headers: { Authorization: `Bearer ${POLARIS_TOKEN}` } };
    delete process.env.CONNECTOR_ALLOW_LOOPBACK;
    try {
      // Straight through the dispatcher, without the check before the request.
      for (const url of [
        `${fresh.url}/teams`,
        `http://[::ffff:127.0.0.1]:${port}/teams`,
        `http://localhost:${port}/teams`,
      ])
        expect([url, await refusal(connectorFetch(new URL(url), init))]).toEqual([
          url,
          "import:connector.errors.forbiddenAddress",
        ]);
      // A name that resolves to a public address when checked and to this server when connecting.
      const checked = vi
        .spyOn(dns.promises, "lookup")
        .mockResolvedValue([{ address: "203.0.113.10", family: 4 }] as never);
      const connected = vi
        .spyOn(dns, "lookup")
        .mockImplementation(((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
          callback(null, [{ address: "127.0.0.1", family: 4 }])) as never);
      try {
        expect(await refusal(getJson(new URL(`http://hr.rebind.test:${port}/teams`), init.headers))).toBe(
          "import:connector.errors.forbiddenAddress",
        );
        expect(checked).toHaveBeenCalled();
        expect(connected).toHaveBeenCalled();
      } finally {
        vi.restoreAllMocks();
      }
      expect(fresh.requests).toEqual([]);
      // With loopback allowed (the tests' fake systems), the same dispatcher reaches the server.
      process.env.CONNECTOR_ALLOW_LOOPBACK = "1";
      const response = await connectorFetch(new URL(`http://localhost:${port}/teams`), init);
      expect(response.status).toBe(200);
      await response.body?.cancel();
      expect(fresh.requests).toEqual(["/teams"]);
    } finally {
      process.env.CONNECTOR_ALLOW_LOOPBACK = "1";
      await fresh.close();
    }
  });
});

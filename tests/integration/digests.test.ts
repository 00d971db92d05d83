/**
 * E-mail digests and task mails (issue #17, docs/decisions/1100–1103) on the seeded demo, sent to a real
 * SMTP server: one digest per period however often (and on how many workers) the job runs, nothing when
 * nothing changed, the signed one-click unsubscribe link and its headers, the immediate task mail once.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  clusters,
  dialogActions,
  dialogEvents,
  dialogs,
  digestsSent,
  emailOutbox,
  imports,
  memberships,
  taskMails,
  tasks,
  users,
} from "#db/schema";
import { digestsJob } from "#jobs/definitions/digests";
import { jobDefinitions } from "#jobs/definitions/index";
import { taskMailsJob } from "#jobs/definitions/task-mails";
import { sendDigests } from "~/features/digests/digests.server";
import { deliverEmail } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/_public+/unsubscribe.$token";
import { demoTasks } from "../../seed/demo/tasks";
import { demoUsers } from "../../seed/demo-data";
import { BASE, context, run, unwrapData } from "../support/http";
import { demoWorld } from "../support/demo-world";
import { readMail, startSmtpCapture } from "../support/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedSmtp = process.env.SMTP_URL;
let medewerker: { membershipId: string; email: string };
const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  await demoWorld();
  const [row] = await getDb()
    .select({ membershipId: memberships.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, demoUsers.medewerker), eq(memberships.access, true)));
  medewerker = row;
  await getDb().update(memberships).set({ updatesFrequency: "weekly" }).where(eq(memberships.id, row.membershipId));
}, 120_000);

afterAll(async () => {
  closeTransport();
  await smtp.close();
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

beforeEach(() => {
  smtp.messages.length = 0;
});

/** Delivers the outbox rows of a template to the given address (the send-email job's work). */
async function deliverTo(template: string, to: string) {
  const rows = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, template), eq(emailOutbox.toAddress, to)));
  for (const row of rows) await deliverEmail(row.id);
  return rows;
}

/** The active membership of a demo user (all of them are in the first cluster). */
async function membershipOf(email: string) {
  const [row] = await getDb()
    .select({ id: memberships.id, accountId: memberships.accountId, clusterId: memberships.clusterId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.access, true)))
    .orderBy(memberships.createdAt)
    .limit(1);
  return row;
}

/** The digest props queued for an address, oldest first. */
async function digestPropsTo(email: string) {
  const rows = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, "digest"), eq(emailOutbox.toAddress, email)));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((row) => row.props as { sections: { key: string; items: { title: string; path: string }[] }[] });
}

const waitingImport = "personeel-november.xlsx";
const unfinishedImport = "personeel-half.xlsx";

const mine = () => getDb().select().from(digestsSent).where(eq(digestsSent.membershipId, medewerker.membershipId));
const rawTo = (email: string) => smtp.messages.filter((m) => m.envelopeTo.includes(email)).map((m) => m.raw);

let unsubscribeUrl = "";

describe("digests", () => {
  it("are scheduled weekly on Monday morning in Amsterdam time", () => {
    expect(jobDefinitions).toContain(digestsJob);
    expect(digestsJob.cron).toBe("0 7 * * 1");
  });

  it("tells whoever may import about imports of their cluster waiting for review", async () => {
    const hr = await membershipOf(demoUsers.hr);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, medewerker.membershipId));
    expect(m.clusterId).toBe(hr.clusterId);
    const tenant = { accountId: hr.accountId, clusterId: hr.clusterId, fileType: "xlsx" as const };
    const [waiting] = await getDb()
      .insert(imports)
      .values({ ...tenant, fileName: waitingImport, status: "review" })
      .returning();
    await getDb()
      .insert(imports)
      .values({ ...tenant, fileName: unfinishedImport, status: "columns" });
    await getDb().update(memberships).set({ updatesFrequency: "weekly" }).where(eq(memberships.id, hr.id));

    await sendDigests(now, [hr.id]);
    const [props] = await digestPropsTo(demoUsers.hr);
    const section = props.sections.find((s) => s.key === "imports");
    expect(section?.items).toEqual([
      expect.objectContaining({ title: waitingImport, path: `/import/excel/${waiting.id}` }),
    ]);
    expect(JSON.stringify(props)).not.toContain(unfinishedImport);
  });

  it("sends one digest per period even when the job runs twice, with the unsubscribe headers", async () => {
    await digestsJob.handler({});
    await digestsJob.handler({});
    expect(await mine()).toHaveLength(1);
    const rows = await deliverTo("digest", medewerker.email);
    expect(rows).toHaveLength(1);
    const raws = rawTo(medewerker.email);
    expect(raws).toHaveLength(1);

    const mail = readMail(raws[0]);
    expect(mail.subject).toMatch(/^Je weekoverzicht van /);
    expect(mail.html).toContain('lang="nl"');
    expect(mail.text).toContain(demoTasks.openForMedewerker);
    expect(mail.text).toContain(demoTasks.overdueForMedewerker);
    const [open] = await getDb().select().from(tasks).where(eq(tasks.title, demoTasks.openForMedewerker));
    expect(mail.text).toContain(`/tasks/inbox/${open.id}`);
    expect(mail.text).toContain("/my/profile");
    // Done and archived tasks are not news.
    expect(mail.text).not.toContain(demoTasks.doneForMedewerker);
    expect(mail.text).not.toContain(demoTasks.archivedForMedewerker);
    // An employee without users.import hears nothing of the waiting import.
    expect(mail.text).not.toContain(waitingImport);
    // The open actions of the dialog medewerker takes part in, linked to the dialog.
    const [dialog] = await getDb().select().from(dialogs).where(eq(dialogs.membershipId, medewerker.membershipId));
    expect(mail.text).toMatch(new RegExp(`Dagdeel 3 volgen en evalueren \\S+/dialogs/${dialog.id}`));

    const unfolded = raws[0].replace(/\r?\n[ \t]+/g, " ");
    const header = /^List-Unsubscribe: <([^>]+)>/im.exec(unfolded);
    expect(header).not.toBeNull();
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);
    unsubscribeUrl = header![1];
    expect(unsubscribeUrl).toMatch(new RegExp(`/unsubscribe/${medewerker.membershipId}\\.[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain(unsubscribeUrl);
  });

  it("mentions the next open action of each initiative in a started dialog that changed (decision 1150)", async () => {
    // The demo dialog of medewerker (the person) and leider (the leader) changed three days ago.
    const [dialog] = await getDb().select().from(dialogs).where(eq(dialogs.membershipId, medewerker.membershipId));
    expect(dialog.state).toBe("started");
    const [props] = await digestPropsTo(medewerker.email);
    const titles = props.sections.find((s) => s.key === "dialogActions")?.items.map((item) => item.title);
    expect([...(titles ?? [])].sort()).toEqual([
      "Afspraak maken met de roosteraar",
      "Dagdeel 3 volgen en evalueren",
      "Twee nieuwe collega's een maand begeleiden",
    ]);
    // Done actions, and an open one that comes after another open one, are not due.
    const all = await getDb().select().from(dialogActions).where(eq(dialogActions.dialogId, dialog.id));
    expect(all.filter((a) => a.completed).some((a) => titles!.includes(a.title))).toBe(false);
    expect(titles).not.toContain("Een weekrooster zelf opstellen");

    // The leader of the dialog hears of it too.
    const leider = await membershipOf(demoUsers.leider);
    await getDb().update(memberships).set({ updatesFrequency: "weekly" }).where(eq(memberships.id, leider.id));
    await sendDigests(now, [leider.id]);
    const [leaderProps] = await digestPropsTo(demoUsers.leider);
    const leaderSection = leaderProps.sections.find((s) => s.key === "dialogActions");
    expect(leaderSection?.items.map((item) => item.path)).toContain(`/dialogs/${dialog.id}`);
  });

  it("sends nothing when nothing changed since the last digest", async () => {
    // Still open dialog actions and a still waiting import are not news once mentioned.
    const nextWeek = new Date(now.getTime() + 7 * DAY);
    await sendDigests(nextWeek);
    expect(await mine()).toHaveLength(1);
    const hrDigests = await digestPropsTo(demoUsers.hr);
    expect(hrDigests.slice(1).some((props) => JSON.stringify(props).includes(waitingImport))).toBe(false);
  });

  it("sends once when two workers run the same period at the same time", async () => {
    const [leider] = await getDb()
      .select({ id: memberships.id, accountId: memberships.accountId, clusterId: memberships.clusterId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(users.email, demoUsers.leider), eq(memberships.access, true)));
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, medewerker.membershipId));
    expect(m.clusterId).toBe(leider.clusterId);
    await getDb().insert(tasks).values({
      accountId: leider.accountId,
      clusterId: leider.clusterId,
      type: "task",
      title: "Nieuw na het overzicht",
      senderId: leider.id,
      receiverId: medewerker.membershipId,
    });
    const nextWeek = new Date(now.getTime() + 7 * DAY);
    await Promise.all([sendDigests(nextWeek), sendDigests(nextWeek)]);
    const sent = await mine();
    expect(sent).toHaveLength(2);
    const outbox = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "digest"), eq(emailOutbox.toAddress, medewerker.email)));
    expect(outbox).toHaveLength(2);
    const latest = outbox.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[1];
    expect(JSON.stringify(latest.props)).toContain("Nieuw na het overzicht");
    expect(JSON.stringify(latest.props)).not.toContain(demoTasks.openForMedewerker);
  });
});

describe("dialog actions in digests", () => {
  it("come back once the dialog changed after the last digest", async () => {
    const leider = await membershipOf(demoUsers.leider);
    const [dialog] = await getDb().select().from(dialogs).where(eq(dialogs.leaderMembershipId, leider.id));
    const hasDialog = (props: Awaited<ReturnType<typeof digestPropsTo>>[number]) =>
      props.sections.some((s) => s.key === "dialogActions");
    const before = await digestPropsTo(demoUsers.leider);
    expect(hasDialog(before[0])).toBe(true);
    expect(before.slice(1).some(hasDialog)).toBe(false);

    await getDb()
      .insert(dialogEvents)
      .values({
        accountId: dialog.accountId,
        clusterId: dialog.clusterId,
        dialogId: dialog.id,
        actorMembershipId: medewerker.membershipId,
        kind: "meeting",
        meetingDate: isoDay(now),
        summary: "Voortgang besproken",
      });
    await sendDigests(new Date(now.getTime() + 14 * DAY), [leider.id]);
    const after = await digestPropsTo(demoUsers.leider);
    expect(after).toHaveLength(before.length + 1);
    const section = after[after.length - 1].sections.find((s) => s.key === "dialogActions");
    expect(section?.items.map((item) => item.path)).toContain(`/dialogs/${dialog.id}`);
  });
});

describe("task mails", () => {
  it("mail the receiver of a task someone else gave them once, not a task they have seen", async () => {
    expect(jobDefinitions).toContain(taskMailsJob);
    await taskMailsJob.handler();
    await taskMailsJob.handler();
    const rows = await deliverTo("task-received", medewerker.email);
    const titles = rows.map((row) => (row.props as { title: string }).title);
    expect(titles).toContain(demoTasks.openForMedewerker);
    expect(titles).not.toContain(demoTasks.overdueForMedewerker);
    expect(titles.filter((title) => title === demoTasks.openForMedewerker)).toHaveLength(1);
    const mail = readMail(rawTo(medewerker.email).find((raw) => raw.includes("taak"))!);
    expect(mail.subject).toBe(`Pieter de Jong gaf je een taak: ${demoTasks.openForMedewerker}`);
    const recorded = await getDb().select().from(taskMails).where(eq(taskMails.receiverId, medewerker.membershipId));
    expect(recorded.length).toBe(rows.length);
  });
});

describe("unsubscribe link", () => {
  const token = () => unsubscribeUrl.split("/unsubscribe/")[1];
  const frequency = async () =>
    (await getDb().select().from(memberships).where(eq(memberships.id, medewerker.membershipId)))[0].updatesFrequency;
  const oneClick = (t: string) =>
    new Request(`${BASE}/unsubscribe/${t}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });

  it("refuses a tampered signature and changes nothing", async () => {
    const good = token();
    const tampered = good.slice(0, -1) + (good.endsWith("A") ? "B" : "A");
    for (const bad of [tampered, `${medewerker.membershipId}.`, medewerker.membershipId, "x.y"]) {
      const loaded = await run(() =>
        unsubscribeLoader({
          request: new Request(`${BASE}/unsubscribe/${bad}`),
          params: { token: bad },
          context: context(),
        }),
      );
      expect(unwrapData(loaded).status).toBe(404);
      const acted = await run(() =>
        unsubscribeAction({ request: oneClick(bad), params: { token: bad }, context: context() }),
      );
      expect(unwrapData(acted).status).toBe(404);
    }
    expect(await frequency()).toBe("weekly");
  });

  it("signed out, the page asks first; the one-click POST sets the frequency to none", async () => {
    const good = token();
    const loaded = unwrapData(
      await run(() =>
        unsubscribeLoader({
          request: new Request(`${BASE}/unsubscribe/${good}`),
          params: { token: good },
          context: context(),
        }),
      ),
    );
    expect(loaded.status).toBe(200);
    expect(loaded.data).toMatchObject({ state: "ask", email: medewerker.email });
    expect(await frequency()).toBe("weekly");

    const acted = unwrapData(
      await run(() => unsubscribeAction({ request: oneClick(good), params: { token: good }, context: context() })),
    );
    expect(acted.status).toBe(200);
    expect(await frequency()).toBe("none");

    // No more digests, and no more task mails.
    await sendDigests(new Date(now.getTime() + 21 * DAY));
    expect(await mine()).toHaveLength(2);
    const [leider] = await getDb()
      .select({ id: memberships.id, accountId: memberships.accountId, clusterId: memberships.clusterId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(users.email, demoUsers.leider), eq(memberships.access, true)));
    const [task] = await getDb()
      .insert(tasks)
      .values({
        accountId: leider.accountId,
        clusterId: leider.clusterId,
        type: "task",
        title: "Na het afmelden",
        senderId: leider.id,
        receiverId: medewerker.membershipId,
      })
      .returning();
    await taskMailsJob.handler();
    expect(await getDb().select().from(taskMails).where(eq(taskMails.taskId, task.id))).toHaveLength(0);
  });
});

describe("a person in two clusters (decision 1100)", () => {
  it("gets one digest per cluster, each with that cluster's news and its own unsubscribe link", async () => {
    const mine = await getDb()
      .select({
        id: memberships.id,
        accountId: memberships.accountId,
        clusterId: memberships.clusterId,
        organisation: clusters.name,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(clusters, eq(clusters.id, memberships.clusterId))
      .where(and(eq(users.email, demoUsers.meerdere), eq(memberships.access, true)));
    expect(mine).toHaveLength(2);
    expect(mine[0].clusterId).not.toBe(mine[1].clusterId);

    // In each cluster a colleague gives them a task.
    for (const m of mine) {
      const [colleague] = await getDb()
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.clusterId, m.clusterId), ne(memberships.id, m.id), eq(memberships.access, true)))
        .limit(1);
      await getDb()
        .insert(tasks)
        .values({
          accountId: m.accountId,
          clusterId: m.clusterId,
          type: "task",
          title: `Taak in ${m.organisation}`,
          senderId: colleague.id,
          receiverId: m.id,
        });
      await getDb().update(memberships).set({ updatesFrequency: "weekly" }).where(eq(memberships.id, m.id));
    }

    const ids = mine.map((m) => m.id);
    await sendDigests(now, ids);
    await sendDigests(now, ids);
    await deliverTo("digest", demoUsers.meerdere);
    const raws = rawTo(demoUsers.meerdere);
    expect(raws).toHaveLength(2);

    for (const m of mine) {
      const other = mine.find((o) => o.id !== m.id)!;
      const raw = raws.find((r) => readMail(r).subject === `Je weekoverzicht van ${m.organisation}`);
      expect(raw, m.organisation).toBeDefined();
      const mail = readMail(raw!);
      expect(mail.text).toContain(`Taak in ${m.organisation}`);
      expect(mail.text).not.toContain(`Taak in ${other.organisation}`);
      const unfolded = raw!.replace(/\r?\n[ \t]+/g, " ");
      expect(unfolded).toMatch(new RegExp(`^List-Unsubscribe: <[^>]+/unsubscribe/${m.id}\\.[A-Za-z0-9_-]{43}>`, "im"));
      expect(mail.text).toContain(`/unsubscribe/${m.id}.`);
      expect(mail.text).not.toContain(`/unsubscribe/${other.id}.`);
    }

    // Unsubscribing from one cluster's digest leaves the other.
    const [first, second] = mine;
    const token = /\/unsubscribe\/([^>\s]+)/.exec(
      raws
        .find((r) => r.replace(/\r?\n[ \t]+/g, " ").includes(`/unsubscribe/${first.id}.`))!
        .replace(/\r?\n[ \t]+/g, " "),
    )![1];
    const acted = unwrapData(
      await run(() =>
        unsubscribeAction({
          request: new Request(`${BASE}/unsubscribe/${token}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
          params: { token },
          context: context(),
        }),
      ),
    );
    expect(acted.status).toBe(200);
    const after = await getDb().select().from(memberships).where(inArray(memberships.id, ids));
    const byId = new Map(after.map((m) => [m.id, m.updatesFrequency]));
    expect(byId.get(first.id)).toBe("none");
    expect(byId.get(second.id)).toBe("weekly");
  });
});

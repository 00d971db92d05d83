/**
 * Issue #38: two web processes and two job workers on one database — the checks, shared by the direct run
 * (tests/integration/many-processes.test.ts, in CI) and the run through PgBouncer in transaction pooling mode
 * (tests/pgbouncer/, `npm run test:pgbouncer`; docs/decisions/1592). A session made on one port works on the
 * other, and ends on both; the sign-in throttle counts attempts on both ports together; mail sent by two workers
 * goes out once each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { stopSenderBoss } from "#jobs/boss.server";
import { enqueueEmailDeliveries, queueEmail } from "~/features/email/outbox.server";
import { sessionSecret } from "~/utils/env.server";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { startSmtpCapture } from "./smtp";
import { killStarted, startWeb, startWorkerProcess, waitFor } from "./started-processes";

/**
 * The checks under `title`; `processEnv` gives the processes' extra environment (the database URLs through a
 * pooler), once, before they start; `stop` runs after they are killed.
 */
export function describeManyProcesses(
  title: string,
  processEnv: () => Promise<Record<string, string>> = async () => ({}),
  stop: () => Promise<void> = async () => undefined,
) {
  let a: string;
  let b: string;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Every process signs cookies with the same secret, as docs/deploy.md requires.
    const env = { ...(await processEnv()), SESSION_SECRET: sessionSecret(), SMTP_URL: smtp.url };
    const [webA, webB] = await Promise.all([
      startWeb(env),
      startWeb(env),
      startWorkerProcess(env),
      startWorkerProcess(env),
    ]);
    a = webA.base;
    b = webB.base;
  }, 120_000);

  afterAll(async () => {
    killStarted();
    await stopSenderBoss();
    await smtp?.close();
    await stop();
  });

  async function person() {
    const db = getDb();
    const account = await createAccount(db);
    const cluster = await createClusterFor(db, account.id);
    const { user } = await createUserWithMembership(db, {
      accountId: account.id,
      clusterId: cluster.id,
      roles: [{ role: "cluster_admin" }],
    });
    return user;
  }

  const signIn = (base: string, email: string, password: string) =>
    fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, redirectTo: "/dashboard" }),
    });

  const dashboard = (base: string, cookie: string) =>
    fetch(`${base}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } });

  describe(title, () => {
    it("a session made on one port works on the other, and a sign-out on one ends it on both", async () => {
      const user = await person();
      const signedIn = await signIn(a, user.email, DEMO_PASSWORD);
      expect(signedIn.status).toBe(302);
      const cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
      expect((await dashboard(b, cookie)).status).toBe(200);
      expect((await dashboard(a, cookie)).status).toBe(200);

      const out = await fetch(`${b}/logout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie } });
      expect(out.status).toBe(302);
      const after = await dashboard(a, cookie);
      expect(after.status).toBe(302);
      expect(after.headers.get("location")).toMatch(/^\/login/);
    });

    it("counts wrong passwords on both ports together: the sixth is refused wherever it lands", async () => {
      const user = await person();
      const statuses: number[] = [];
      for (const base of [a, b, a, b, a, b]) statuses.push((await signIn(base, user.email, "wrong password")).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      // The right password too, now, on either port.
      expect((await signIn(a, user.email, DEMO_PASSWORD)).status).toBe(429);
    });

    it("two workers send each of 30 mails once", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        ids.push(
          await getDb().transaction((tx) =>
            queueEmail(tx, {
              to: `many-${i}@example.test`,
              template: "password-changed",
              locale: "nl",
              props: { firstName: "Kim", changedAt: new Date().toISOString() },
            }),
          ),
        );
      }
      // One job per mail, as the web does after a commit.
      for (const id of ids) await enqueueEmailDeliveries([id]);
      await waitFor(() => smtp.messages.length >= 30, "30 mails at the SMTP server");
      const recipients = smtp.messages.flatMap((mail) => mail.envelopeTo);
      expect(new Set(recipients).size).toBe(30);
      expect(recipients).toHaveLength(30);
    });
  });
}

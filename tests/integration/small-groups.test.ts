/**
 * Small groups are never exposed (docs/decisions/1600), over HTTP on the seeded demo: the cluster setting
 * (bounds, field error, rights, tenancy) and the analytics pages, exports and data requests that must not
 * show a group below the threshold.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters } from "#db/schema";
import { seedDemo } from "../../seed/run";
import { formRequest, getRequest } from "../support/http";
import { handle } from "../support/remix-handler";
import { demoSessions } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string; membershipId: string };
const who = {} as Record<"hr" | "leider" | "medewerker" | "andere", Who>;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  Object.assign(who, await demoSessions());
}, 120_000);

const thresholdOf = async (clusterId: string) =>
  (await getDb().select({ v: clusters.minGroupSize }).from(clusters).where(eq(clusters.id, clusterId)))[0].v;

const saveThreshold = (value: string, cookie: string) =>
  handle(formRequest("/settings?index", { intent: "minGroupSize", minGroupSize: value }, cookie));

describe("the minimum group size setting", () => {
  it("starts at 5 and is shown on the cluster settings page", async () => {
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
    const html = await (await handle(getRequest("/settings", who.hr.cookie))).text();
    expect(html).toContain("Minimale groepsgrootte");
    expect(html).toMatch(/name="minGroupSize"[^>]*value="5"/);
  });

  it("refuses a value below 3 or not a number next to the field, keeping what was typed", async () => {
    for (const value of ["2", "drie", "", "4.5"]) {
      const response = await saveThreshold(value, who.hr.cookie);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Typ een heel getal van 3 tot en met 50");
      if (value) expect(html).toContain(`value="${value}"`);
    }
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
  });

  it("saves a valid value for the current cluster only", async () => {
    const response = await saveThreshold("6", who.hr.cookie);
    expect(response.status).toBe(302);
    expect(await thresholdOf(who.hr.clusterId)).toBe(6);
    expect(await thresholdOf(who.andere.clusterId)).toBe(5);
    await saveThreshold("5", who.hr.cookie);
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
  });

  it("is not changed by someone who may not manage the cluster's settings", async () => {
    const response = await saveThreshold("3", who.leider.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
  });
});

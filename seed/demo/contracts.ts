/**
 * The demo people's contracts. Raw inserts: the contracts service writes an audit event in the name of
 * the signed-in actor, and the demo has no actor.
 */
import { contracts } from "#db/schema";
import { addDays, isoDate, type SeedContext } from "../context";
import type { DemoTenants } from "./accounts-and-clusters";
import { positionKey, type DemoPositions } from "./positions";
import type { DemoPeople } from "./users";

export async function seedContracts(
  { tx, now, rng }: SeedContext,
  input: { tenants: DemoTenants; positions: DemoPositions; people: DemoPeople },
): Promise<void> {
  const rows: Array<typeof contracts.$inferInsert> = [];
  let leavers = 0;
  for (const p of input.people.people) {
    for (const m of p.memberships) {
      if (!m.contract) continue;
      // Temporary contracts started recently and end within about a year; permanent ones still need an
      // end date (spec §5), set years ahead.
      let start = addDays(now, m.contract.temporary ? -rng.int(30, 700) : -rng.int(60, 3200));
      let end = m.contract.temporary ? addDays(now, rng.int(45, 400)) : addDays(start, 365 * rng.int(10, 20));
      if (m.status === "inactive") {
        // Inactive people left: their contract ended months ago, so HR analytics' in/out flow shows leavers
        // (decision 1720). No random draw here, so everyone else's dates stay as they were.
        end = addDays(now, -45 - 150 * leavers++);
        start = addDays(end, -700);
      }
      rows.push({
        ...input.tenants.clusters[m.cluster],
        membershipId: input.people.membershipOf(p.email, m.cluster),
        positionId: input.positions.get(positionKey(m.cluster, m.contract.position))!,
        startDate: isoDate(start),
        endDate: isoDate(end),
        fte: m.contract.fte.toFixed(2),
        hoursPerWeek: (Math.round(m.contract.fte * 36 * 2) / 2).toFixed(2), // 36-hour week
        isTemporary: m.contract.temporary,
        isActive: true,
      });
    }
  }
  await tx.insert(contracts).values(rows);
}

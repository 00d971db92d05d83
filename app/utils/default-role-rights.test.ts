import { describe, expect, it } from "vitest";
import { defaultRoleRights } from "./default-role-rights";
import { adminRights, assignableRights } from "./rights";

describe("the cluster admin's default rights", () => {
  const rights = new Set(defaultRoleRights.cluster_admin);

  it("hold every admin right and every assignable .manage right", () => {
    for (const right of adminRights) expect(rights.has(right)).toBe(true);
    for (const right of assignableRights.filter((r) => r.endsWith(".manage"))) expect(rights.has(right)).toBe(true);
  });

  it("leave out the create/read/update rights a .manage right covers, but keep analytics.read", () => {
    expect(rights.has("criteria.read")).toBe(false);
    expect(rights.has("positions.read")).toBe(false);
    expect(rights.has("competence_reviews.update")).toBe(false);
    expect(rights.has("criteria.delete")).toBe(true);
    expect(rights.has("analytics.read")).toBe(true);
    expect(rights.size).toBe(31);
  });
});

import { describe, expect, it } from "vitest";
import { dueSlot, localParts } from "./connector-slots";

const at = (iso: string) => new Date(iso);

describe("dueSlot", () => {
  it("is due once today's time has passed in Europe/Amsterdam (winter, UTC+1)", () => {
    const daily = { schedule: "daily" as const, weekday: 1, time: "06:00" };
    expect(dueSlot(daily, at("2026-01-14T04:59:00Z"), null)).toBeNull();
    expect(dueSlot(daily, at("2026-01-14T05:00:00Z"), null)).toBe("2026-01-14 06:00");
    expect(dueSlot(daily, at("2026-01-14T22:00:00Z"), null)).toBe("2026-01-14 06:00");
    // 23:30 UTC is already the next day in Amsterdam.
    expect(localParts(at("2026-01-14T23:30:00Z")).date).toBe("2026-01-15");
  });

  it("weekly only on its weekday; off never", () => {
    const weekly = { schedule: "weekly" as const, weekday: 3, time: "07:30" };
    expect(dueSlot(weekly, at("2026-07-15T06:00:00Z"), null)).toBe("2026-07-15 07:30"); // Wednesday, UTC+2
    expect(dueSlot(weekly, at("2026-07-16T06:00:00Z"), null)).toBeNull();
    expect(dueSlot({ ...weekly, schedule: "off" }, at("2026-07-15T06:00:00Z"), null)).toBeNull();
  });

  it("does not catch up a slot before the schedule was set", () => {
    const daily = { schedule: "daily" as const, weekday: 1, time: "06:00" };
    expect(dueSlot(daily, at("2026-01-14T10:00:00Z"), at("2026-01-14T09:00:00Z"))).toBeNull();
    expect(dueSlot(daily, at("2026-01-15T10:00:00Z"), at("2026-01-14T09:00:00Z"))).toBe("2026-01-15 06:00");
  });
});

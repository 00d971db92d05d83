import { describe, expect, it } from "vitest";
import { writeFailedStatus } from "./action-failed.server";

describe("a failed write's status (1840)", () => {
  it("is 409 for a conflict with the data, also when drizzle wraps the driver's error", () => {
    for (const code of ["23505", "23503", "40001", "40P01", "55P03", "P0001"]) {
      expect(writeFailedStatus({ code })).toBe(409);
      expect(writeFailedStatus({ message: "Failed query", cause: { code } })).toBe(409);
    }
  });

  it("is 503 for anything else, never 500", () => {
    expect(writeFailedStatus(new Error("connection terminated"))).toBe(503);
    expect(writeFailedStatus({ code: "42P01" })).toBe(503);
    expect(writeFailedStatus(null)).toBe(503);
  });
});

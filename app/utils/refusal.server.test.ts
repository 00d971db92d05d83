import { describe, expect, it } from "vitest";
import { refusalStatus } from "./refusal.server";

describe("a refused form's status (1503, 1840)", () => {
  it("is the failed write's own 409/503, else the fallback — a service's API status (a task's 422) is not the form's", () => {
    expect(refusalStatus({ ok: false, field: "", errorKey: "x", status: 409, writeFailed: true })).toBe(409);
    expect(refusalStatus({ ok: false, field: "", errorKey: "x", status: 503, writeFailed: true })).toBe(503);
    expect(refusalStatus({ ok: false, field: "receiverId", errorKey: "tasks:form.receiverUnknown", status: 422 })).toBe(
      400,
    );
    expect(refusalStatus({ ok: false, field: "name", errorKey: "x" }, 409)).toBe(409);
  });
});

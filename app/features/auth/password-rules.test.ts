import { describe, expect, it } from "vitest";
import { strongPasswordSchema } from "./password-rules.server";

function errorsOf(password: unknown): string[] {
  const result = strongPasswordSchema.safeParse(password);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("password rules (spec §5)", () => {
  it("accepts the demo password", () => {
    expect(errorsOf("Welkom!2026")).toEqual([]);
  });

  it("requires at least 8 characters", () => {
    expect(errorsOf("Aa1!aaa")).toContain("validation:password.minLength");
    expect(errorsOf("Aa1!aaaa")).not.toContain("validation:password.minLength");
  });

  it("requires an uppercase letter, a lowercase letter, a number and a special character", () => {
    expect(errorsOf("welkom!2026")).toEqual(["validation:password.uppercase"]);
    expect(errorsOf("WELKOM!2026")).toEqual(["validation:password.lowercase"]);
    expect(errorsOf("Welkom!!xyz")).toEqual(["validation:password.number"]);
    expect(errorsOf("Welkom2026x")).toEqual(["validation:password.special"]);
  });

  it("allows long passphrases up to 128 characters, not beyond", () => {
    const long = "Aa1!" + "x".repeat(60);
    expect(errorsOf(long)).toEqual([]);
    expect(errorsOf("Aa1!" + "x".repeat(125))).toContain("validation:password.maxLength");
  });

  it("rejects well-known passwords even when they meet the character rules", () => {
    expect(errorsOf("P@ssw0rd")).toEqual(["validation:password.common"]);
  });
});

import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./sso-crypto.server";

process.env.SESSION_SECRET ??= "unit-test-secret";

describe("sso client secret encryption", () => {
  it("round-trips, never stores the plain text and refuses a tampered value", () => {
    const stored = encryptSecret("s3cret-value");
    expect(stored).not.toContain("s3cret");
    expect(decryptSecret(stored)).toBe("s3cret-value");
    expect(encryptSecret("s3cret-value")).not.toBe(stored);
    const parts = stored.split(".");
    parts[3] = Buffer.from("other").toString("base64url");
    expect(() => decryptSecret(parts.join("."))).toThrow();
  });
});

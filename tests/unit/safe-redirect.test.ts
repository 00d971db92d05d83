import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with query and fragment", () => {
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/personnel/users/active?search=de%20Vries#top")).toBe(
      "/personnel/users/active?search=de%20Vries#top",
    );
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("answers what the browser would open, normalised by the URL parser", () => {
    expect(safeRedirectPath("/a/../b")).toBe("/b");
    expect(safeRedirectPath("/a b")).toBe("/a%20b");
  });

  it.each([
    ["tab between the slashes", "/\t/evil.example"],
    ["newline between the slashes", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["backslashes only", "\\\\evil.example"],
    ["absolute URL", "https://evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["relative path", "dashboard"],
    ["empty", ""],
    ["dot segment turning into //", "/.//evil.example"],
  ])("refuses %s", (_name, target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
    expect(safeRedirectPath(target, "/login")).toBe("/login");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath(undefined)).toBe("/dashboard");
    expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/dashboard");
  });

  it("whatever it answers stays on the origin it is resolved against", () => {
    const tricky = [
      "/\t/x.example",
      "/%09/x.example",
      "/%2F%2Fx.example",
      "/..//x.example",
      "/./\\x.example",
      "/@x.example",
    ];
    for (const target of tricky) {
      const answer = safeRedirectPath(target);
      expect(new URL(answer, "https://teams.example.org").origin, target).toBe("https://teams.example.org");
    }
  });
});

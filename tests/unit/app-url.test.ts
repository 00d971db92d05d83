import { afterEach, describe, expect, it, vi } from "vitest";
import { appUrl as emailAppUrl } from "#emails/password-changed";
import { appUrl } from "~/utils/env.server";

afterEach(() => vi.unstubAllEnvs());

function environment(values: { APP_URL?: string; HOST?: string; PORT?: string }) {
  for (const name of ["APP_URL", "HOST", "PORT"] as const) vi.stubEnv(name, values[name] ?? "");
}

describe("APP_URL, the address in links in e-mails", () => {
  it("is APP_URL when set, without a trailing slash", () => {
    environment({ APP_URL: "https://team.example.nl/", HOST: "127.0.0.1", PORT: "4100" });
    expect(appUrl()).toBe("https://team.example.nl");
    expect(emailAppUrl()).toBe("https://team.example.nl");
  });

  it("defaults to where the server listens: HOST and PORT", () => {
    environment({ HOST: "127.0.0.1", PORT: "4100" });
    expect(appUrl()).toBe("http://127.0.0.1:4100");
    expect(emailAppUrl()).toBe("http://127.0.0.1:4100");
  });

  it("says localhost for a server listening on every interface, and port 3000 without PORT", () => {
    environment({ PORT: "8080" });
    expect(appUrl()).toBe("http://localhost:8080");
    environment({ HOST: "0.0.0.0", PORT: "8080" });
    expect(appUrl()).toBe("http://localhost:8080");
    environment({ HOST: "::" });
    expect(appUrl()).toBe("http://localhost:3000");
    environment({});
    expect(appUrl()).toBe("http://localhost:3000");
  });

  it("puts an IPv6 host in brackets", () => {
    environment({ HOST: "::1", PORT: "4100" });
    expect(appUrl()).toBe("http://[::1]:4100");
  });
});

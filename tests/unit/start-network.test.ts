import { describe, expect, it } from "vitest";
import { networkBanner, startNetwork } from "../../scripts/start-network";

describe("npm start's network (issue #12 item 1)", () => {
  it("without SMTP_URL listens on loopback only and keeps mail in the outbox", () => {
    const network = startNetwork({});
    expect(network).toEqual({ host: "127.0.0.1", outbox: true, loopbackOnly: true });
    const banner = networkBanner(network, "http://127.0.0.1:3000", ".data/outbox").join("\n");
    expect(banner).toContain("Only this machine can reach it (HOST=127.0.0.1)");
    expect(banner).toContain("http://127.0.0.1:3000/dev/outbox");
    expect(banner).toContain("only browsers on this machine");
  });

  it("a HOST that is set wins, and the banner does not claim loopback", () => {
    const network = startNetwork({ HOST: "0.0.0.0" });
    expect(network).toEqual({ host: "0.0.0.0", outbox: true, loopbackOnly: false });
    const banner = networkBanner(network, "http://localhost:3000", ".data/outbox").join("\n");
    expect(banner).not.toContain("Only this machine");
    expect(banner).toContain("only browsers on this machine");
  });

  it("with SMTP_URL mail is sent, there is no outbox, and it listens on all interfaces as before", () => {
    const network = startNetwork({ SMTP_URL: "smtp://mail.example.org:587" });
    expect(network).toEqual({ host: "0.0.0.0", outbox: false, loopbackOnly: false });
    expect(networkBanner(network, "http://localhost:3000", ".data/outbox")).toEqual([]);
  });
});

import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  ephemeralPortRange,
  freePortSync,
  listenOnFreePort,
  randomPort,
  testPortRange,
  type PortRange,
} from "../support/ports";

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      servers.push(server);
      resolve(server);
    });
  });
}

/** Two neighbouring ports of the test range, free now: the first held by a server of ours, the second free. */
async function heldAndFree(): Promise<{ held: number; free: number }> {
  const range = testPortRange();
  for (let attempt = 0; attempt < 50; attempt++) {
    const held = randomPort({ low: range.low, high: range.high - 1 });
    try {
      await listen(held);
    } catch {
      continue;
    }
    try {
      const probe = await listen(held + 1);
      await new Promise((resolve) => probe.close(resolve));
      servers.splice(servers.indexOf(probe), 1);
      return { held, free: held + 1 };
    } catch {
      // Try another pair.
    }
  }
  throw new Error("no two free neighbouring ports");
}

describe("ports for the test servers (decision 0671)", () => {
  it("reads the kernel's ephemeral range, and assumes Linux's default without /proc", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ports-")), "ip_local_port_range");
    fs.writeFileSync(file, "40000\t50999\n");
    expect(ephemeralPortRange(file)).toEqual({ low: 40000, high: 50999 });
    expect(ephemeralPortRange(path.join(os.tmpdir(), "no-such-file"))).toEqual({ low: 32768, high: 60999 });
  });

  it("chooses from below the ephemeral range, even when that range starts low", () => {
    expect(testPortRange({ low: 32768, high: 60999 })).toEqual({ low: 10000, high: 19999 });
    expect(testPortRange({ low: 15000, high: 60999 })).toEqual({ low: 10000, high: 14999 });
    expect(testPortRange({ low: 8000, high: 60999 })).toEqual({ low: 1024, high: 7999 });
    expect(() => testPortRange({ low: 1500, high: 60999 })).toThrow(/ephemeral port range starts at 1500/);
    const here = testPortRange();
    expect(here.high).toBeLessThan(ephemeralPortRange().low);
    expect(here.low).toBeGreaterThanOrEqual(1024);
  });

  it("spreads its choices over the whole range and never leaves it", () => {
    const range: PortRange = { low: 10000, high: 10009 };
    expect(randomPort(range, () => 0)).toBe(10000);
    expect(randomPort(range, () => 0.999999)).toBe(10009);
    const seen = new Set(Array.from({ length: 500 }, () => randomPort(range)));
    expect([...seen].sort()).toEqual(Array.from({ length: 10 }, (_, i) => 10000 + i));
  });

  it("binds a server at a free port of the range, trying another when the port is taken", async () => {
    const { held, free } = await heldAndFree();
    const tried: number[] = [];
    const choices = [0, 0.99]; // the held port first, then its free neighbour
    const port = await listenOnFreePort(
      async (candidate) => {
        tried.push(candidate);
        await listen(candidate);
      },
      { range: { low: held, high: free }, random: () => choices.shift() ?? 0.99 },
    );
    expect(tried).toEqual([held, free]);
    expect(port).toBe(free);
    await expect(listen(free)).rejects.toMatchObject({ code: "EADDRINUSE" }); // ours now
  });

  it("gives up after its attempts, and does not retry an error other than a taken port", async () => {
    const { held } = await heldAndFree();
    await expect(
      listenOnFreePort((candidate) => listen(candidate), { range: { low: held, high: held }, attempts: 3 }),
    ).rejects.toThrow(`No free port in ${held}–${held} after 3 attempts`);
    let calls = 0;
    await expect(
      listenOnFreePort(() => {
        calls++;
        return Promise.reject(Object.assign(new Error("bad address"), { code: "EADDRNOTAVAIL" }));
      }),
    ).rejects.toThrow("bad address");
    expect(calls).toBe(1);
  });

  it("probes for a port another process will bind, skipping a taken one", async () => {
    const { held, free } = await heldAndFree();
    for (let i = 0; i < 3; i++) expect(freePortSync({ low: held, high: free })).toBe(free);
    await listen(free);
    expect(() => freePortSync({ low: held, high: free }, 5)).toThrow(/No free port/);
    const anywhere = freePortSync();
    expect(anywhere).toBeGreaterThanOrEqual(testPortRange().low);
    expect(anywhere).toBeLessThanOrEqual(testPortRange().high);
    await listen(anywhere); // it was free
  });
});

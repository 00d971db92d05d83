import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  cgroupCpuLimit,
  defaultWebWorkers,
  MAX_DEFAULT_WEB_WORKERS,
  planConnections,
  RESERVED_CONNECTIONS,
  SENDER_CONNECTIONS,
} from "../../server/web-concurrency";

const roots: string[] = [];

/** A fake file system root with the given files (paths relative to it). */
function fakeRoot(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cgroup-"));
  roots.push(root);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe("cgroupCpuLimit", () => {
  it("reads a cgroup v2 quota in a container (cpu.max at the mount)", () => {
    const root = fakeRoot({ "proc/self/cgroup": "0::/\n", "sys/fs/cgroup/cpu.max": "150000 100000\n" });
    expect(cgroupCpuLimit(root)).toBe(1.5);
  });

  it("reads the process's own cgroup v2 and the ones above it, smallest wins", () => {
    const root = fakeRoot({
      "proc/self/cgroup": "0::/system.slice/app.service\n",
      "sys/fs/cgroup/cpu.max": "max 100000\n",
      "sys/fs/cgroup/system.slice/cpu.max": "200000 100000\n",
      "sys/fs/cgroup/system.slice/app.service/cpu.max": "max 100000\n",
    });
    expect(cgroupCpuLimit(root)).toBe(2);
  });

  it("has no limit for cgroup v2 'max'", () => {
    const root = fakeRoot({ "proc/self/cgroup": "0::/\n", "sys/fs/cgroup/cpu.max": "max 100000\n" });
    expect(cgroupCpuLimit(root)).toBeUndefined();
  });

  it("reads a cgroup v1 quota (cfs_quota_us / cfs_period_us)", () => {
    const root = fakeRoot({
      "proc/self/cgroup": "4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n0::/\n",
      // Without a cgroup namespace the container sees its own cgroup at the mount point.
      "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "100000\n",
      "sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n",
    });
    expect(cgroupCpuLimit(root)).toBe(1);
  });

  it("has no limit for cgroup v1 quota -1, nor without any cgroup files", () => {
    const v1 = fakeRoot({
      "proc/self/cgroup": "1:cpu:/\n",
      "sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1\n",
      "sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n",
    });
    expect(cgroupCpuLimit(v1)).toBeUndefined();
    expect(cgroupCpuLimit(fakeRoot({}))).toBeUndefined();
  });

  it("does not leave the cgroup mount for a path with ..", () => {
    const root = fakeRoot({ "proc/self/cgroup": "0::/../../..\n", "sys/fs/cgroup/cpu.max": "50000 100000\n" });
    expect(cgroupCpuLimit(root)).toBe(0.5);
  });
});

describe("defaultWebWorkers", () => {
  it("follows the cgroup quota, not the host's CPUs", () => {
    expect(defaultWebWorkers(64, 2)).toBe(2);
    expect(defaultWebWorkers(64, 1.5)).toBe(2);
    expect(defaultWebWorkers(64, 0.5)).toBe(1);
    expect(defaultWebWorkers(4, 16)).toBe(4);
  });

  it("caps the count", () => {
    expect(defaultWebWorkers(64, undefined)).toBe(MAX_DEFAULT_WEB_WORKERS);
    expect(defaultWebWorkers(1, undefined)).toBe(1);
  });
});

describe("planConnections", () => {
  const used = (plan: { workers: number; poolSize: number }) => plan.workers * (plan.poolSize + SENDER_CONNECTIONS);

  it("keeps workers × (pool + sender) within max_connections minus the reserve", () => {
    for (const maxConnections of [30, 50, 100, 200, 1000]) {
      for (const workers of [1, 2, 4, 8]) {
        const plan = planConnections({ workers, maxConnections });
        expect(plan.warning).toBeUndefined();
        expect(used(plan)).toBeLessThanOrEqual(maxConnections - RESERVED_CONNECTIONS);
        expect(plan.workers).toBeGreaterThanOrEqual(1);
        expect(plan.poolSize).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("runs one worker with a pool of 2 when even that does not fit, and says so", () => {
    const plan = planConnections({ workers: 4, maxConnections: 20 });
    expect(plan).toMatchObject({ workers: 1, poolSize: 2 });
    expect(plan.warning).toMatch(/more than the 1 that max_connections 20 leaves/);
  });

  it("shrinks the pool before the worker count", () => {
    expect(planConnections({ workers: 2, maxConnections: 100 })).toMatchObject({ workers: 2, poolSize: 10 });
    // 75 connections for 8 workers: 9 each, 7 of them in the pool.
    expect(planConnections({ workers: 8, maxConnections: 100 })).toMatchObject({ workers: 8, poolSize: 7 });
    // 25 for 8 workers: pools of 2 (4 a worker), so 6 workers.
    expect(planConnections({ workers: 8, maxConnections: 50 })).toMatchObject({ workers: 6, poolSize: 2 });
  });

  it("keeps configured numbers and warns when they do not fit", () => {
    const plan = planConnections({ workers: 2, maxConnections: 100, configuredWorkers: 16, configuredPoolSize: 10 });
    expect(plan).toMatchObject({ workers: 16, poolSize: 10, connections: 192 });
    expect(plan.warning).toMatch(/192 connections/);
    expect(planConnections({ workers: 8, maxConnections: 100, configuredPoolSize: 20 })).toMatchObject({
      workers: 3,
      poolSize: 20,
    });
  });
});

import { describe, expect, it } from "vitest";
import { keptDerived, keptFigures } from "./kept-figures.server";

describe("keptFigures", () => {
  it("computes once per key, shared by concurrent first requests", async () => {
    const kept = keptFigures<number[]>(10, (rows) => rows.length);
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return [1, 2];
    };
    const [a, b] = await Promise.all([kept("k", compute), kept("k", compute)]);
    expect(a).toBe(b);
    expect(await kept("k", compute)).toBe(a);
    expect(runs).toBe(1);
  });

  it("drops the oldest beyond the budget, never the one just kept", async () => {
    const kept = keptFigures<number[]>(5, (rows) => rows.length);
    let runs = 0;
    const rows = (n: number) => async () => {
      runs += 1;
      return Array.from({ length: n }, (_, i) => i);
    };
    await kept("a", rows(3));
    await kept("b", rows(2));
    await kept("c", rows(4)); // 9 > 5: "a" and "b" go
    await kept("c", rows(4));
    expect(runs).toBe(3);
    await kept("b", rows(2));
    expect(runs).toBe(4);
    await kept("big", rows(50)); // above the budget alone: kept until the next one
    await kept("big", rows(50));
    expect(runs).toBe(5);
  });

  it("forgets a failed computation", async () => {
    const kept = keptFigures<number>(10);
    await expect(kept("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await kept("k", async () => 7)).toBe(7);
  });
});

describe("keptDerived", () => {
  it("works out once per kept answer and key; another answer (a new version) or key works out again", () => {
    const derived = keptDerived<number[], number>();
    let runs = 0;
    const sum = (rows: number[]) => () => ((runs += 1), rows.reduce((a, b) => a + b, 0));
    const kept = [1, 2];
    expect(derived(kept, "min 5", sum(kept))).toBe(3);
    expect(derived(kept, "min 5", sum(kept))).toBe(3);
    expect(runs).toBe(1);
    derived(kept, "min 7", sum(kept));
    const next = [1, 2, 3];
    expect(derived(next, "min 5", sum(next))).toBe(6);
    expect(runs).toBe(3);
  });
});

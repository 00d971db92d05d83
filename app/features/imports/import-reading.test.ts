import { describe, expect, it } from "vitest";
import { MAX_ROWS, readCsv, type ParsedRow } from "./import-file.server";

const csv = (rows: number) =>
  Buffer.from(["Nr;Naam", ...Array.from({ length: rows }, (_, i) => `${i + 1};Naam ${i + 1}`)].join("\r\n"));

describe("reading a file in batches (stored while read)", () => {
  it("hands the data rows on per 5,000 while reading, the header apart, and counts them", async () => {
    const batches: ParsedRow[][] = [];
    const summary = await readCsv(csv(12_001), async (rows) => {
      batches.push(rows);
    });
    expect(batches.map((b) => b.length)).toEqual([5000, 5000, 2001]);
    expect(summary).toEqual({ sheetNames: [], headers: ["Nr", "Naam"], rowCount: 12_001 });
    expect(batches[0][0]).toEqual({ rowNumber: 2, values: ["1", "Naam 1"] });
    expect(batches[2].at(-1)).toEqual({ rowNumber: 12_002, values: ["12001", "Naam 12001"] });
  });

  it("waits for a batch before handing on the next: at most one is being stored", async () => {
    let storing = 0;
    let most = 0;
    await readCsv(csv(20_000), async () => {
      storing += 1;
      most = Math.max(most, storing);
      await new Promise((resolve) => setTimeout(resolve, 5));
      storing -= 1;
    });
    expect(most).toBe(1);
  });

  it("passes a failure of the store on as it is, not as a broken file", async () => {
    const failure = new Error("database gone");
    await expect(
      readCsv(csv(6000), async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });

  it("stops only once the batch being stored has landed, so the caller's clean-up comes after it", async () => {
    let stored = 0;
    const failure = readCsv(csv(MAX_ROWS + 1), async (rows) => {
      // Slower than reading the rest of the file: the last full batch is still being stored when it ends.
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored += rows.length;
    });
    await expect(failure).rejects.toMatchObject({ key: "import:errors.tooManyRows" });
    expect(stored).toBe(MAX_ROWS);
  });

  it("refuses more than MAX_ROWS data rows", async () => {
    await expect(readCsv(csv(MAX_ROWS + 1), async () => undefined)).rejects.toMatchObject({
      key: "import:errors.tooManyRows",
    });
  });
});

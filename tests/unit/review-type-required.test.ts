import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reviews } from "#db/schema";

/** Decision 1841: a review's type is named by every insert; the column has no default to fall back on. */
describe("reviews.type", () => {
  it("is required and has no default", () => {
    const { type } = getTableColumns(reviews);
    expect(type.notNull).toBe(true);
    expect(type.hasDefault).toBe(false);
  });
});

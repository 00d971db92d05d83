import { describe, expect, it } from "vitest";
import { errorKeyWithValues, readErrorKey } from "./error-key";

describe("form error keys with values (1840)", () => {
  it("round-trips a key and its values", () => {
    const error = errorKeyWithValues("common:actionFailed.update", { item: "team" });
    expect(error).toBe("common:actionFailed.update?item=team");
    expect(readErrorKey(error)).toEqual({ key: "common:actionFailed.update", values: { item: "team" } });
  });

  it("reads a plain key as a key without values", () => {
    expect(readErrorKey("validation:required")).toEqual({ key: "validation:required", values: {} });
  });
});

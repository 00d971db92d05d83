import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { ERASED_NAME, shownPersonName } from "./erased-person";

const t = ((key: string) => (key === "common:erasedPerson" ? "Deleted employee" : key)) as unknown as TFunction;

describe("shownPersonName", () => {
  it("shows an erased person's stored name in the reader's language and any other name as it is", () => {
    expect(shownPersonName(ERASED_NAME, t)).toBe("Deleted employee");
    expect(shownPersonName("Lotte Jansen", t)).toBe("Lotte Jansen");
  });
});

import { describe, expect, it } from "vitest";
import { lastNameForSorting, withNamePrefix } from "./name-prefix";

describe("name prefixes", () => {
  it("joins the prefix to the last name in lower case, once", () => {
    expect(withNamePrefix("ter", "Vermeulen")).toBe("ter Vermeulen");
    expect(withNamePrefix(" Van  der ", "Berg")).toBe("van der Berg");
    expect(withNamePrefix("de", "de Vries")).toBe("de Vries");
    expect(withNamePrefix("", "Jansen")).toBe("Jansen");
    expect(withNamePrefix("van", "")).toBe("");
  });

  it("sorts by the name after lower-case prefixes; a capitalised prefix is part of the name", () => {
    expect(lastNameForSorting("ter Vermeulen")).toBe("Vermeulen");
    expect(lastNameForSorting("van der Berg")).toBe("Berg");
    expect(lastNameForSorting("van 't Hof")).toBe("Hof");
    expect(lastNameForSorting("Van Damme")).toBe("Van Damme");
    expect(lastNameForSorting("de")).toBe("de");
    expect(lastNameForSorting("Dekker")).toBe("Dekker");
  });
});

import { describe, expect, it } from "vitest";
import { largeSize, largeSizeFromEnv } from "../../seed/large-size";

describe("the large seed's size (decision 1800)", () => {
  it("keeps Groot BV at 10,000 people in 800 teams by default, as every bench target was set", () => {
    expect(largeSizeFromEnv({})).toEqual({
      people: 10_000,
      teams: 800,
      accountName: "Groot BV",
      hrEmail: "hr@groot.nl",
      emailDomain: "groot.nl",
      numberWidth: 5,
    });
    expect(largeSizeFromEnv({ SEED_LARGE_PEOPLE: "10000" })).toEqual(largeSize());
  });

  it("scales the teams with the people and names the account, HR user and domain after the size", () => {
    expect(largeSizeFromEnv({ SEED_LARGE_PEOPLE: "100_000" })).toEqual({
      people: 100_000,
      teams: 8000,
      accountName: "Groot BV 100k",
      hrEmail: "hr100k@groot.nl",
      emailDomain: "groot100k.nl",
      numberWidth: 6,
    });
    expect(largeSize(300)).toMatchObject({ teams: 24, accountName: "Groot BV 300", hrEmail: "hr300@groot.nl" });
  });

  it("refuses a size that is not a whole number of people in range", () => {
    for (const bad of ["abc", "1e5", "-5", "10"]) expect(() => largeSizeFromEnv({ SEED_LARGE_PEOPLE: bad })).toThrow();
    expect(() => largeSize(2_000_000)).toThrow();
  });
});

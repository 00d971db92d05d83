import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  areaSchema,
  chooseAreasSchema,
  chooseTeamSchema,
  restoreAreaSchema,
  scoreMembersSchema,
} from "./knowledge-areas.schema";

/** A posted form from its fields written as a query string (`teamIds=a&teamIds=b`). */
function form(fields: string) {
  const data = new FormData();
  for (const [name, value] of new URLSearchParams(fields)) data.append(name, value);
  return data;
}

describe("the knowledge card setup's forms", () => {
  it("needs exactly one team (spec §5)", () => {
    const none = parseWithZod(form(""), { schema: chooseTeamSchema });
    expect(none.status).toBe("error");
    expect(none.reply().error?.teamIds).toEqual(["knowledge-areas:errors.teamRequired"]);
    const two = parseWithZod(form("teamIds=a&teamIds=b"), { schema: chooseTeamSchema });
    expect(two.reply().error?.teamIds).toEqual(["knowledge-areas:errors.exactlyOneTeam"]);
    const one = parseWithZod(form("teamIds=a"), { schema: chooseTeamSchema });
    expect(one.status === "success" && one.value.teamIds).toEqual(["a"]);
  });

  it("step 2 needs an area, a name for needs of a new area, and whole numbers 0..99", () => {
    const empty = parseWithZod(form("teamIds=t"), { schema: chooseAreasSchema });
    expect(empty.reply().error?.areas).toEqual(["knowledge-areas:errors.areaRequired"]);
    const unnamed = parseWithZod(form("teamIds=t&newNeeded1=2"), { schema: chooseAreasSchema });
    expect(unnamed.reply().error?.newName).toEqual(["knowledge-areas:errors.nameRequired"]);
    const bad = parseWithZod(form("teamIds=t&areas[0].id=a&areas[0].selected=on&areas[0].needed2=100"), {
      schema: chooseAreasSchema,
    });
    expect(bad.reply().error?.["areas[0].needed2"]).toEqual(["knowledge-areas:errors.neededNumber"]);
    const ok = parseWithZod(form("teamIds=t&areas[0].id=a&areas[0].selected=on&areas[0].needed3=1&areas[1].id=b"), {
      schema: chooseAreasSchema,
    });
    expect(ok.status === "success" && ok.value.areas).toEqual([
      { id: "a", selected: true, needed1: 0, needed2: 0, needed3: 1 },
      { id: "b", selected: false, needed1: 0, needed2: 0, needed3: 0 },
    ]);
  });

  it("step 3 takes levels 0..3 only", () => {
    const level = (value: string) =>
      parseWithZod(form(`teamIds=t&levels[0].membershipId=m&levels[0].areaId=a&levels[0].level=${value}`), {
        schema: scoreMembersSchema,
      });
    for (const bad of ["4", "-1", "1.5", "x"])
      expect(level(bad).reply().error?.["levels[0].level"], bad).toEqual(["knowledge-areas:errors.levelOutOfScale"]);
    const ok = level("3");
    expect(ok.status === "success" && ok.value.levels).toEqual([{ membershipId: "m", areaId: "a", level: 3 }]);
  });
});

describe("the knowledge area forms (docs/decisions/1320)", () => {
  it("a name is required and trimmed, at most 100 characters; the description may be empty", () => {
    const blank = parseWithZod(form("name=   "), { schema: areaSchema });
    expect(blank.reply().error?.name).toEqual(["knowledge-areas:errors.areaNameRequired"]);
    const missing = parseWithZod(form(""), { schema: areaSchema });
    expect(missing.reply().error?.name).toEqual(["knowledge-areas:errors.areaNameRequired"]);
    const long = parseWithZod(form(`name=${"x".repeat(101)}`), { schema: areaSchema });
    expect(long.reply().error?.name).toEqual(["validation:maxLength"]);
    const ok = parseWithZod(form("name=  Valpreventie "), { schema: areaSchema });
    expect(ok.status === "success" && ok.value).toEqual({ name: "Valpreventie", description: "" });
  });

  it("bringing an area back needs the restore intent and an id", () => {
    expect(parseWithZod(form("id=a"), { schema: restoreAreaSchema }).status).toBe("error");
    const ok = parseWithZod(form("intent=restore&id=a"), { schema: restoreAreaSchema });
    expect(ok.status === "success" && ok.value.id).toBe("a");
  });
});

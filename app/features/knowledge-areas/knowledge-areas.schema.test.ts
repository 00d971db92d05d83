import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { chooseAreasSchema, chooseTeamSchema, scoreMembersSchema } from "./knowledge-areas.schema";

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("the knowledge card setup's forms", () => {
  it("needs exactly one team (spec §5)", () => {
    const none = parseWithZod(form([]), { schema: chooseTeamSchema });
    expect(none.status).toBe("error");
    expect(none.reply().error?.teamIds).toEqual(["knowledge-areas:errors.teamRequired"]);
    const two = parseWithZod(
      form([
        ["teamIds", "a"],
        ["teamIds", "b"],
      ]),
      { schema: chooseTeamSchema },
    );
    expect(two.reply().error?.teamIds).toEqual(["knowledge-areas:errors.exactlyOneTeam"]);
    const one = parseWithZod(form([["teamIds", "a"]]), { schema: chooseTeamSchema });
    expect(one.status === "success" && one.value.teamIds).toEqual(["a"]);
  });

  it("step 2 needs an area, a name for needs of a new area, and whole numbers 0..99", () => {
    const empty = parseWithZod(form([["teamIds", "t"]]), { schema: chooseAreasSchema });
    expect(empty.reply().error?.areas).toEqual(["knowledge-areas:errors.areaRequired"]);
    const unnamed = parseWithZod(
      form([
        ["teamIds", "t"],
        ["newNeeded1", "2"],
      ]),
      { schema: chooseAreasSchema },
    );
    expect(unnamed.reply().error?.newName).toEqual(["knowledge-areas:errors.nameRequired"]);
    const bad = parseWithZod(
      form([
        ["teamIds", "t"],
        ["areas[0].id", "a"],
        ["areas[0].selected", "on"],
        ["areas[0].needed2", "100"],
      ]),
      { schema: chooseAreasSchema },
    );
    expect(bad.reply().error?.["areas[0].needed2"]).toEqual(["knowledge-areas:errors.neededNumber"]);
    const ok = parseWithZod(
      form([
        ["teamIds", "t"],
        ["areas[0].id", "a"],
        ["areas[0].selected", "on"],
        ["areas[0].needed3", "1"],
        ["areas[1].id", "b"],
      ]),
      { schema: chooseAreasSchema },
    );
    expect(ok.status === "success" && ok.value.areas).toEqual([
      { id: "a", selected: true, needed1: 0, needed2: 0, needed3: 1 },
      { id: "b", selected: false, needed1: 0, needed2: 0, needed3: 0 },
    ]);
  });

  it("step 3 takes levels 0..3 only", () => {
    const level = (value: string) =>
      parseWithZod(
        form([
          ["teamIds", "t"],
          ["levels[0].membershipId", "m"],
          ["levels[0].areaId", "a"],
          ["levels[0].level", value],
        ]),
        { schema: scoreMembersSchema },
      );
    for (const bad of ["4", "-1", "1.5", "x"])
      expect(level(bad).reply().error?.["levels[0].level"], bad).toEqual(["knowledge-areas:errors.levelOutOfScale"]);
    const ok = level("3");
    expect(ok.status === "success" && ok.value.levels).toEqual([{ membershipId: "m", areaId: "a", level: 3 }]);
  });
});

import { describe, expect, it } from "vitest";
import { flowSettingsSchema } from "./flow-settings.schema";
import { flowSettingsFrom } from "./flow-zones";

const parse = (scaleMax: string, flowBand: string, stressBand: string) =>
  flowSettingsSchema.safeParse({ scaleMax, flowBand, stressBand });

describe("the flow settings form", () => {
  it("accepts what flowSettingsFrom keeps, so a saved value is never replaced by the default", () => {
    for (let scale = 4; scale <= 10; scale++)
      for (let flow = 0; flow <= 4; flow++)
        for (let stress = 1; stress <= 5; stress++) {
          const parsed = parse(String(scale), String(flow), String(stress));
          const kept = flowSettingsFrom({ scaleMax: scale, flowBand: flow, stressBand: stress });
          const same = kept.scaleMax === scale && kept.flowBand === flow && kept.stressBand === stress;
          expect(parsed.success, `${scale}/${flow}/${stress}`).toBe(same);
        }
  });

  it("refuses what is not a whole number in range, on the field it is about", () => {
    expect(parse("11", "1", "3").error?.issues[0].path).toEqual(["scaleMax"]);
    expect(parse("10", "-1", "3").error?.issues[0].path).toEqual(["flowBand"]);
    expect(parse("10", "1", "1.5").error?.issues[0].path).toEqual(["stressBand"]);
    expect(parse("10", "2", "2").error?.issues[0].message).toBe("flow:settings.errors.stressBand");
  });
});

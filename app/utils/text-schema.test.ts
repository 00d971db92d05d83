import { describe, expect, test } from "vitest";
import { CONTROL_CHARACTER_ERROR, lineText, multilineText, withoutControlCharacters } from "./text-schema";

describe("the shared text schemas", () => {
  test("a one-line text refuses every control character, a text with lines keeps tab and line breaks", () => {
    for (const c of ["\u0000", "\u0001", "\u0008", "\u000b", "\u001f", "\u007f"]) {
      expect(lineText().safeParse(`a${c}b`).error?.issues[0].message).toBe(CONTROL_CHARACTER_ERROR);
      expect(multilineText().safeParse(`a${c}b`).error?.issues[0].message).toBe(CONTROL_CHARACTER_ERROR);
    }
    for (const c of ["\t", "\n", "\r\n"]) {
      expect(lineText().safeParse(`a${c}b`).success).toBe(false);
      expect(multilineText().safeParse(`a${c}b`).data).toBe(`a${c}b`);
    }
    expect(lineText().trim().max(6).safeParse(" héllo€ ").data).toBe("héllo€");
  });

  test("filters leave control characters out", () => {
    expect(withoutControlCharacters("a\u0000b\tc\u007f")).toBe("abc");
    expect(withoutControlCharacters("a\u0000b\tc\n", { lines: true })).toBe("ab\tc\n");
  });
});

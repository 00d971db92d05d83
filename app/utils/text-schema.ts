import * as z from "zod";

/**
 * The strings of every form and API schema (docs/decisions/1440). A control character is never text a
 * person typed: NUL makes PostgreSQL refuse the row (a 500), the others are invisible and break exports
 * and e-mails. They are refused with a field message; tab, line feed and carriage return only in texts
 * with lines (textareas). Client-safe.
 */
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTER_ERROR = "validation:controlCharacter";

/** Whether the value holds a control character (with `lines`, tab, line feed and carriage return pass). */
export function hasControlCharacter(value: string, { lines = false } = {}): boolean {
  return (lines ? CONTROL_BUT_LINES : CONTROL).test(value);
}

/** The value without control characters (tab, line feed and carriage return kept with `lines`): for filters. */
export function withoutControlCharacters(value: string, { lines = false } = {}): string {
  return value.replace(new RegExp((lines ? CONTROL_BUT_LINES : CONTROL).source, "g"), "");
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text: `z.string()` that refuses every control character. */
export const lineText = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_ERROR });

/** A text with lines (a textarea): tab, line feed and carriage return allowed, other control characters refused. */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacter(v, { lines: true }), { error: CONTROL_CHARACTER_ERROR });

/** A required one-line text (a name, a title): trimmed, 1 to `max` characters. */
export const requiredLine = (max: number) =>
  lineText({ error: "validation:required" })
    .trim()
    .min(1, { error: "validation:required" })
    .max(max, { error: "validation:maxLength" });

/** An optional one-line text: trimmed, at most `max` characters; left empty it is null. */
export const optionalLine = (max: number) =>
  lineText()
    .trim()
    .max(max, { error: "validation:maxLength" })
    .optional()
    .transform((v) => v || null);

/**
 * A PostgreSQL array literal for one parameter (`${pgArray(ids)}::uuid[]`): thousands of values as one
 * parameter instead of one each, which drizzle's statements would otherwise build (1243).
 */
export function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}

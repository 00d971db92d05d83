/** Module keys of spec §3. The spec also spells knowledge_areas; we store one spelling. */
export const moduleKeys = [
  "team-review",
  "self-review",
  "peer-review",
  "flow",
  "dialog",
  "competences",
  "knowledge-areas",
  "growth-and-ambition",
  "2fa",
] as const;
export type ModuleKey = (typeof moduleKeys)[number];

export function normalizeModuleKey(key: string): ModuleKey | null {
  const normalized = key === "knowledge_areas" ? "knowledge-areas" : key;
  return (moduleKeys as readonly string[]).includes(normalized) ? (normalized as ModuleKey) : null;
}

export function isModuleActive(modules: ReadonlySet<string>, key: ModuleKey): boolean {
  return modules.has(key);
}

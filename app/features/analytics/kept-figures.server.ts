import { eq } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { contractVersions, peopleVersions, reviewVersions } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * Analytics figures kept per web process under a key that names their data's version (docs/decisions/1780,
 * 1911): a changed version is a new key, so a kept answer is never stale. A promise is kept, so concurrent first
 * requests share one computation; a failed one is forgotten. Bounded by `budget` in units of `size` (entries,
 * or rows for figures whose size varies), oldest out first.
 */
export function keptFigures<T>(budget: number, size: (figures: T) => number = () => 1) {
  const kept = new Map<string, { figures: Promise<T>; size: number }>();
  let used = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    used -= entry.size;
    kept.delete(key);
  };
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const known = kept.get(key);
    if (known) return known.figures;
    const entry = { figures: compute(), size: 0 };
    kept.set(key, entry);
    entry.figures.then(
      (figures) => {
        if (kept.get(key) !== entry) return;
        entry.size = size(figures);
        used += entry.size;
        // Oldest out first (a Map iterates in insertion order), never the one just kept.
        for (const oldest of kept.keys()) {
          if (used <= budget || oldest === key) break;
          drop(oldest);
        }
      },
      () => {
        if (kept.get(key) === entry) drop(key);
      },
    );
    return entry.figures;
  };
}

/** The three version tables: one row per cluster, raised by triggers (docs/decisions/1780, 1911, 1984). */
const versionTables = { contract: contractVersions, review: reviewVersions, people: peopleVersions };

/** A cluster's version of one kind, read from the database the kept figures are read from (1772). */
async function versionOf(kind: keyof typeof versionTables, clusterId: string): Promise<number> {
  const table = versionTables[kind];
  const [row] = await getReadDb().select({ version: table.version }).from(table).where(eq(table.clusterId, clusterId));
  return row?.version ?? 0;
}

/** Contracts, and a membership removed, restored or moved (migration 0050; the in/out flow, 1780). */
export const contractVersion = (ctx: Pick<TenantContext, "clusterId">) => versionOf("contract", ctx.clusterId);

/** Reviews, subjects, counted scores, memberships and teams (migrations 0052, 0054, 0055). */
export const reviewVersion = (ctx: Pick<TenantContext, "clusterId">) => versionOf("review", ctx.clusterId);

/**
 * Memberships, contracts, team places, tags on people, positions, teams, planning needs, competences, their
 * requirements and scores, knowledge areas, needs and levels, and a member's name, gender and birthday
 * (migration 0057; 1984–1986).
 */
export const peopleVersion = (ctx: Pick<TenantContext, "clusterId">) => versionOf("people", ctx.clusterId);

/**
 * What a page works out of kept figures (suppressed cells per threshold and filter, docs/decisions/1940), kept
 * beside them: keyed by the kept answer itself (its object identity) and a key for the rest of the inputs, so it
 * lives and goes with that answer and needs no version of its own. `derive` must be a pure function of the
 * answer and what `key` names; figures computed straight (not kept) are new objects each time and simply miss.
 */
export function keptDerived<S extends object, T>() {
  const kept = new WeakMap<S, Map<string, T>>();
  return (source: S, key: string, derive: () => T): T => {
    let bySource = kept.get(source);
    if (!bySource) kept.set(source, (bySource = new Map()));
    if (!bySource.has(key)) bySource.set(key, derive());
    return bySource.get(key)!;
  };
}

import { and, asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { reviewCriteria, type reviewPeerAnswers, type reviewScores, type reviewTeamAnswers } from "#db/schema";
import { notFound } from "~/utils/scope.server";
import { diffScores, type ScoreChange } from "./evaluation-form";

/**
 * The answers of a questionnaire (a self review's two parts, a peer's), read, checked and written one way
 * (issue #32): each part is a table of one score per owner and criterion. The team review's evaluation writes
 * scores of many people with its own rule (only who gave a score may switch it off) and does not use this.
 */

/**
 * Where one part's answers live: a peer's in review_peer_answers by assignment, a participant's about the team
 * in review_team_answers and about themselves in review_scores (by subject, with who gave them).
 */
export type AnswerPart =
  | { table: typeof reviewPeerAnswers; ownerId: string }
  | { table: typeof reviewTeamAnswers; ownerId: string }
  | { table: typeof reviewScores; ownerId: string; scoredBy: string | null };

/** The column that names a part's owner, and its key in a row. */
const ownerOf = ({ table }: AnswerPart) =>
  "assignmentId" in table
    ? { column: table.assignmentId, key: "assignmentId" as const }
    : { column: table.subjectId, key: "subjectId" as const };

/**
 * The criteria of a review with their dimension, in the questionnaire's order: what a questionnaire may answer,
 * and where an answer counts.
 */
export async function criterionDimensions(db: DbOrTx, reviewId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ criterionId: reviewCriteria.criterionId, dimension: reviewCriteria.dimension })
    .from(reviewCriteria)
    .where(eq(reviewCriteria.reviewId, reviewId))
    .orderBy(asc(reviewCriteria.dimension), asc(reviewCriteria.position));
  return new Map(rows.map((c) => [c.criterionId, c.dimension]));
}

/** A part's stored answers, criterion id → score. */
export async function storedAnswers(db: DbOrTx, part: AnswerPart): Promise<Map<string, number>> {
  const rows = await db
    .select({ criterionId: part.table.criterionId, score: part.table.score })
    .from(part.table)
    .where(eq(ownerOf(part).column, part.ownerId));
  return new Map(rows.map((r) => [r.criterionId, r.score]));
}

export type AnswerCheck =
  { ok: true; changes: ScoreChange[] } | { ok: false; code: "unknownCriterion" | "invalidScore"; criterionId: string };

/**
 * What a submitted part (criterion id → "off" | "0".."scale") changes against what is stored: refused at the
 * first criterion the review does not hold, then at the first value that is not a score.
 */
export function answerChanges(
  input: Readonly<Record<string, string>>,
  stored: ReadonlyMap<string, number>,
  dimensions: ReadonlyMap<string, number>,
  scale: number,
): AnswerCheck {
  const unknown = Object.keys(input).find((id) => !dimensions.has(id));
  if (unknown) return { ok: false, code: "unknownCriterion", criterionId: unknown };
  const diff = diffScores(input, stored, [...dimensions.keys()], scale);
  if (diff.invalid.length) return { ok: false, code: "invalidScore", criterionId: diff.invalid[0] };
  return { ok: true, changes: diff.changes };
}

/** Writes a part's changes in the caller's transaction: "off" deletes the answer, a score inserts or replaces it. */
export async function writeAnswers(
  tx: Tx,
  part: AnswerPart,
  reviewId: string,
  dimensions: ReadonlyMap<string, number>,
  changes: readonly ScoreChange[],
): Promise<void> {
  const owner = ownerOf(part);
  const by = "scoredBy" in part ? { scoredBy: part.scoredBy } : {};
  for (const { criterionId, score } of changes) {
    const key = and(eq(owner.column, part.ownerId), eq(part.table.criterionId, criterionId));
    if (score === null) {
      await tx.delete(part.table).where(key);
      continue;
    }
    const row = { [owner.key]: part.ownerId, criterionId, reviewId, dimension: dimensions.get(criterionId)!, score };
    await tx
      .insert(part.table)
      .values({ ...row, ...by })
      .onConflictDoUpdate({
        target: [owner.column, part.table.criterionId],
        set: { score, ...by, updatedAt: new Date() },
      });
  }
}

/**
 * Saves a questionnaire's parts (each: where its answers live and what the form sent) in the caller's
 * transaction: every part is checked first, then written, so a refused part writes nothing. Answers how many
 * answers of each part changed, or the first refusal with its part's name.
 */
export async function saveAnswers<K extends string>(
  tx: Tx,
  review: { id: string; scale: number },
  parts: Record<K, { part: AnswerPart; input: Readonly<Record<string, string>> }>,
): Promise<{ ok: true; changed: Record<K, number> } | (Extract<AnswerCheck, { ok: false }> & { part: K })> {
  const dimensions = await criterionDimensions(tx, review.id);
  const names = Object.keys(parts) as K[];
  const changes = {} as Record<K, ScoreChange[]>;
  for (const name of names) {
    const { part, input } = parts[name];
    const checked = answerChanges(input, await storedAnswers(tx, part), dimensions, review.scale);
    if (!checked.ok) return { ...checked, part: name };
    changes[name] = checked.changes;
  }
  for (const name of names) await writeAnswers(tx, parts[name].part, review.id, dimensions, changes[name]);
  return { ok: true, changed: Object.fromEntries(names.map((n) => [n, changes[n].length])) as Record<K, number> };
}

/**
 * A questionnaire's change runs in one transaction: `refuse` throws a refusal out of it (so nothing of it is
 * written) and `run` answers with it. `closed` is the rule every questionnaire shares for its row, read with a
 * lock: none is a 404; a locked review, a finished questionnaire or a finished review refuses.
 */
export function answerTransaction<R extends { ok: false; code: string }>() {
  class Refused extends Error {
    constructor(readonly result: R) {
      super(`questionnaire refused: ${result.code}`);
    }
  }
  const refuse = (result: R): never => {
    throw new Refused(result);
  };
  return {
    refuse,
    async run<T>(work: (tx: Tx) => Promise<T>): Promise<T | R> {
      try {
        return await getDb().transaction(work);
      } catch (error) {
        if (error instanceof Refused) return error.result;
        throw error;
      }
    },
    closed(row: { lockedAt: Date | null; finishedAt: Date | null; isFinished: boolean } | undefined): void {
      if (!row) notFound();
      if (row.lockedAt) refuse({ ok: false, code: "locked" } as R);
      if (row.finishedAt || row.isFinished) refuse({ ok: false, code: "finished" } as R);
    },
  };
}

import { getDb } from "#db/client.server";
import type { ImportChangeMeta, ImportDecision } from "#db/schema/imports";
import type { TenantContext } from "~/utils/tenant.server";
import { applyImport } from "./import-apply.server";
import { countPending, saveDecisions, saveNewEmails } from "./imports.server";

/** One post of a review step (missing, new, changes, contracts): what it carries and which button sent it. */
export type ReviewPost = {
  /** The kinds of change the step shows. */
  metas: ImportChangeMeta[];
  /** The new step's "choose another e-mail address" fields; null on the other steps. */
  emails: { id: string; email: string }[] | null;
  decisions: { id: string; decision: ImportDecision }[];
  /** A "for all" button, or on to the next step or to applying (with the confirmation box, if ticked). */
  then: { all: ImportDecision } | { move: "next" | "apply"; confirmed: boolean };
};

export type ReviewPostResult =
  | { ok: true; applied: boolean }
  /** An address refused, next to its field; the decisions are saved. */
  | { ok: false; emailErrors: Record<string, string> }
  /** Undecided changes: ask to confirm first (spec §4); the decisions are saved. */
  | { ok: false; confirmPending: number }
  /** Applying refused (the import is no longer waiting for review). */
  | { ok: false; errorKey: string };

/**
 * The writes of one review post in one transaction: the new people's addresses (saved first, whatever the
 * button), the decisions, and applying. A write that fails past its checks rolls back all of them, so the
 * step's post is never half-saved (decision 1925); the route answers the step as posted, 409/503.
 */
export async function postReviewStep(
  ctx: TenantContext,
  importId: string,
  post: ReviewPost,
): Promise<ReviewPostResult> {
  return getDb().transaction(async (tx) => {
    const decisions = post.decisions;
    if (post.emails) {
      const saved = await saveNewEmails(ctx, importId, post.emails, tx);
      if (!saved.ok) {
        // The decisions are kept; the typed addresses come back with the message next to each.
        await saveDecisions(ctx, importId, { decisions }, tx);
        return { ok: false, emailErrors: saved.errors };
      }
    }
    const then = post.then;
    if ("all" in then) {
      await saveDecisions(ctx, importId, { decisions, all: { metas: post.metas, decision: then.all } }, tx);
      return { ok: true, applied: false };
    }
    await saveDecisions(ctx, importId, { decisions }, tx);
    const pending = await countPending(ctx, importId, then.move === "apply" ? undefined : post.metas, tx);
    if (pending > 0 && !then.confirmed) return { ok: false, confirmPending: pending };
    if (then.move === "next") return { ok: true, applied: false };
    const applied = await applyImport(ctx, importId, tx);
    return applied.ok ? { ok: true, applied: true } : { ok: false, errorKey: applied.errorKey };
  });
}

import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviews } from "#db/schema";
import { requireDialog } from "~/features/dialogs/dialog-access.server";
import { mayOpenReview, requireParticipation } from "~/features/reviews/review-access.server";
import { inCluster, isUuid } from "~/utils/scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";

/**
 * Where a task's "about" links to (docs/decisions/1260): the page of the person, team, review result or
 * dialog, only when the reader may open that page (its guard's module and right, and its access rule);
 * otherwise the task shows the name only. A self review's result is per person: the link goes to the
 * result of the reader, else of the task's receiver, else of its sender, whichever the reader may open.
 */
export type TaskAbout = { type: string; id: string };

/** A 404 thrown by an access rule means "may not open"; anything else is a real error. */
async function mayOpen(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (error instanceof Response && error.status === 404) return false;
    throw error;
  }
}

async function reviewHref(
  ctx: TenantContext,
  id: string,
  people: { senderId: string; receiverId: string },
  db: DbOrTx,
): Promise<string | null> {
  const [review] = await db
    .select({ id: reviews.id, type: reviews.type })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, id), isNull(reviews.deletedAt)));
  if (!review) return null;
  if (review.type === "team-summary" || review.type === "team") {
    if (!ctx.modules.has("team-review") || !can(ctx, "reviews.manage")) return null;
    return (await mayOpenReview(db, ctx, review)) ? `/review/result/${review.id}` : null;
  }
  if (review.type === "self") {
    if (!ctx.modules.has("self-review") || !can(ctx, "selfReviews.active")) return null;
    const candidates = [...new Set([ctx.membershipId, people.receiverId, people.senderId].filter(Boolean))];
    for (const membershipId of candidates as string[]) {
      if (await mayOpen(() => requireParticipation(ctx, review.id, membershipId, db)))
        return `/selfreview/result/${review.id}/${membershipId}`;
    }
  }
  return null;
}

export async function taskAboutHref(
  ctx: TenantContext,
  about: TaskAbout | null,
  people: { senderId: string; receiverId: string },
  db: DbOrTx = getDb(),
): Promise<string | null> {
  if (!about || !isUuid(about.id)) return null;
  switch (about.type) {
    case "person":
      return can(ctx, "users.manage") ? `/personnel/user/${about.id}` : null;
    case "team":
      return can(ctx, "teams.manage") ? `/personnel/teams/${about.id}` : null;
    case "review":
      return reviewHref(ctx, about.id, people, db);
    case "dialog":
      if (!ctx.modules.has("dialog") || !can(ctx, "dialogs.edit")) return null;
      return (await mayOpen(() => requireDialog(ctx, about.id, db))) ? `/dialogs/${about.id}` : null;
    default:
      return null;
  }
}

import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, users } from "#db/schema";
import { sessionSecret } from "~/utils/env.server";
import { isUuid } from "~/utils/scope.server";

/**
 * The digest's one-click unsubscribe link (docs/decisions/1103, docs/security.md): /unsubscribe/{membershipId}.{mac}
 * where mac = HMAC-SHA256 over a purpose label and the membership id, keyed with SESSION_SECRET. It needs
 * no sign-in and can do one thing only: set that membership's update frequency to "none".
 */
const PURPOSE = "digest-unsubscribe:v1:";

function macOf(membershipId: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(PURPOSE + membershipId)
    .digest("base64url");
}

export function unsubscribeToken(membershipId: string): string {
  return `${membershipId}.${macOf(membershipId)}`;
}

export function unsubscribePath(membershipId: string): string {
  return `/unsubscribe/${unsubscribeToken(membershipId)}`;
}

/** The membership id of a well-formed, correctly signed token; null otherwise (compared in constant time). */
export function verifyUnsubscribeToken(token: string | undefined): string | null {
  if (!token) return null;
  const dot = token.indexOf(".");
  if (dot < 0) return null;
  const membershipId = token.slice(0, dot);
  if (!isUuid(membershipId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(membershipId));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return membershipId;
}

export type UnsubscribeTarget = { email: string; frequency: string };

/** Whose link this is (for the confirmation page), or null for a bad signature or a removed membership. */
export async function unsubscribeTarget(token: string | undefined): Promise<UnsubscribeTarget | null> {
  const membershipId = verifyUnsubscribeToken(token);
  if (!membershipId) return null;
  const [row] = await getDb()
    .select({ email: users.email, frequency: memberships.updatesFrequency })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, membershipId), isNull(memberships.deletedAt), isNull(users.deletedAt)));
  return row ?? null;
}

/** Sets the frequency to "none" for a correctly signed token; false when the token is refused. */
export async function unsubscribe(token: string | undefined): Promise<boolean> {
  const membershipId = verifyUnsubscribeToken(token);
  if (!membershipId) return false;
  const updated = await getDb()
    .update(memberships)
    .set({ updatesFrequency: "none", updatedAt: new Date() })
    .where(and(eq(memberships.id, membershipId), isNull(memberships.deletedAt)))
    .returning({ id: memberships.id });
  return updated.length === 1;
}

import { createSession } from "~/utils/session.server";
import { BASE } from "./http";

/** A real session row and its signed cookie, as a sign-in would create them. */
export async function sessionCookieFor(input: { userId: string; accountId: string; clusterId: string | null }) {
  const { setCookie, session } = await createSession(new Request(BASE + "/login"), {
    userId: input.userId,
    accountId: input.accountId,
    currentClusterId: input.clusterId,
  });
  return { cookie: setCookie.split(";")[0], sessionId: session.id };
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { stopLoginAs } from "~/features/auth/login-as.server";
import { clearSessionCookie, sessionCookieHeader } from "~/utils/session.server";
import { requireUser } from "~/utils/tenant.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect("/dashboard");
}

/** "Back to your own account": ends the login-as session and resumes the admin's own session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireUser(request, { allowNoCluster: true });
  const result = await stopLoginAs(ctx, context.clientIp);
  if (!result) throw redirect("/dashboard");
  if (!result.returnSessionId) {
    return redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie(request) } });
  }
  return redirect("/dashboard", {
    headers: { "Set-Cookie": await sessionCookieHeader(request, result.returnSessionId) },
  });
}

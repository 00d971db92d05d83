import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "~/features/auth/sign-out.server";
import { getOptionalUser } from "~/utils/tenant.server";

// public route: sign-out must also work for a session that is already half gone (no cluster, expired).
// Sign-out is a POST (a link could be triggered by any page); GET just goes to the dashboard.
export async function loader() {
  return redirect("/dashboard");
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await getOptionalUser(request);
  const setCookie = await signOut(request, ctx);
  return redirect("/login", { headers: { "Set-Cookie": setCookie } });
}

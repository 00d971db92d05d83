import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { setUserLanguage } from "~/features/people/profile.server";
import { toLanguage } from "~/utils/i18n";
import { languageCookie } from "~/utils/i18n.server";
import { safeRedirectPath } from "~/utils/request.server";
import { getOptionalUser } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";

export async function loader() {
  return redirect("/");
}

// public route: the login page offers the language switch too; a signed-in user's choice is also saved.
/** Language switch for everyone: a cookie always, and the profile setting when signed in. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await getOptionalUser(request);
  const form = await readForm(request);
  const language = toLanguage(String(form.get("lng") ?? ""));
  const back = safeRedirectPath(form.get("redirectTo"), ctx ? "/dashboard" : "/login");
  if (!language) return redirect(back);
  if (ctx) await setUserLanguage(ctx, language);
  return redirect(back, { headers: { "Set-Cookie": await languageCookie.serialize(language) } });
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/utils/request.server";
import { requireUser } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";
import { isViewPreferenceName, viewPreferenceValue } from "~/utils/view-preferences";
import { readViewPreferences, viewPreferencesCookie } from "~/utils/view-preferences.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/dashboard");
}

/**
 * The show-info toggle and the scoring-mode switch (docs/decisions/1711): stores one choice in the `view` cookie.
 * Without JavaScript it goes back to the page (`redirectTo`); a fetcher (`stay`) gets 200 and the page reads again.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"));
  const name = form.get("name");
  const value = isViewPreferenceName(name) ? viewPreferenceValue(name, form.get("value")) : undefined;
  if (!isViewPreferenceName(name) || value === undefined) {
    return form.has("stay") ? Response.json({ ok: false }, { status: 400 }) : redirect(back);
  }
  const headers = {
    "Set-Cookie": await viewPreferencesCookie({ ...(await readViewPreferences(request)), [name]: value }),
  };
  return form.has("stay") ? Response.json({ ok: true }, { headers }) : redirect(back, { headers });
}

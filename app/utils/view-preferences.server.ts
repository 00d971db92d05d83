import { createCookie } from "@remix-run/node";
import {
  parseViewPreferences,
  viewPreferenceField,
  viewPreferenceValue,
  viewPreferenceValues,
  type ViewPreferenceName,
  type ViewPreferences,
} from "./view-preferences";

// Not signed: it holds two display choices, each checked against its list when read.
const viewCookie = createCookie("view", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export async function readViewPreferences(request: Request): Promise<ViewPreferences> {
  return parseViewPreferences(await viewCookie.parse(request.headers.get("Cookie")).catch(() => null));
}

export function viewPreferencesCookie(preferences: ViewPreferences): Promise<string> {
  return viewCookie.serialize(preferences);
}

/**
 * A score form saved by a view-preference switch pressed without JavaScript (decision 1880): the saved form's
 * redirect back to its page also stores the choice the post carries (`viewPreferenceField`). A post without one
 * is answered as it is.
 */
export async function withViewPreference(request: Request, formData: FormData, response: Response) {
  const names = Object.keys(viewPreferenceValues) as ViewPreferenceName[];
  const chosen = names.flatMap((name) => {
    const value = viewPreferenceValue(name, formData.get(viewPreferenceField(name)));
    return value === undefined ? [] : [[name, value] as const];
  });
  if (chosen.length === 0) return response;
  const preferences = { ...(await readViewPreferences(request)), ...Object.fromEntries(chosen) };
  response.headers.append("Set-Cookie", await viewPreferencesCookie(preferences));
  return response;
}

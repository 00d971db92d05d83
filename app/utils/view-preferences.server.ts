import { createCookie } from "@remix-run/node";
import { parseViewPreferences, type ViewPreferences } from "./view-preferences";

// Not signed: it holds two display choices, each checked against its list when read.
const viewCookie = createCookie("view", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export async function readViewPreferences(request: Request): Promise<ViewPreferences> {
  return parseViewPreferences(await viewCookie.parse(request.headers.get("Cookie")).catch(() => null));
}

export function viewPreferencesCookie(preferences: ViewPreferences): Promise<string> {
  return viewCookie.serialize(preferences);
}

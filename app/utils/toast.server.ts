import { createCookieSessionStorage, redirect } from "@remix-run/node";
import * as z from "zod";
import { sessionSecret } from "./env.server";

/** A toast names an i18n key (and its values) so it is shown in the reader's language. */
const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

type ToastFlash = { toast: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: { name: "toast", httpOnly: true, sameSite: "lax", path: "/", secrets: [sessionSecret()] },
  });
  return storage;
}

export async function createToastHeader(toast: ToastInput): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash("toast", toastSchema.parse(toast));
  return toastStorage().commitSession(session);
}

/** Post/redirect/get with a toast on the page it lands on. */
export async function redirectWithToast(url: string, toast: ToastInput): Promise<ReturnType<typeof redirect>> {
  return redirect(url, { headers: { "Set-Cookie": await createToastHeader(toast) } });
}

/** Reads the flashed toast, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, headers: null };
  return { toast: parsed.data, headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }) };
}

import { redirect } from "@remix-run/node";

// public route: the root only sends visitors on to /login (signed-in visitors continue to /dashboard there).
export function loader() {
  return redirect("/login");
}

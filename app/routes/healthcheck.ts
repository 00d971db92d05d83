import { checkDatabase } from "~/features/system/health.server";

// public route: load balancers and the test runner poll it; it says nothing about tenants.
export async function loader() {
  const ok = await checkDatabase();
  return new Response(ok ? "OK" : "DATABASE UNAVAILABLE", { status: ok ? 200 : 503 });
}

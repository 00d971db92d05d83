import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { switchCluster } from "~/features/account/switch-cluster.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";

export async function loader() {
  return redirect("/dashboard");
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const form = await readForm(request);
  const switched = await switchCluster(ctx, String(form.get("clusterId") ?? ""));
  const toast = switched
    ? { type: "success" as const, key: "common:cluster.switched", values: { name: switched.name } }
    : { type: "error" as const, key: "common:cluster.notAllowed" };
  return redirectWithToast("/dashboard", toast);
}

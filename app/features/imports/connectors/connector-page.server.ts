import { writeOrRedirect, writeOrRefuse } from "~/utils/action-failed.server";
import { refusalStatus } from "~/utils/refusal.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ConnectorKind } from "#db/schema/import-connectors";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import type { TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { connectorScheduleSchema, connectorSettingsSchema } from "./connector-settings";
import {
  getConnectorView,
  listConnectorRuns,
  saveConnectorSchedule,
  saveConnectorSettings,
  startConnectorImport,
  testConnector,
} from "./connectors.server";
import { readForm } from "~/utils/read-form.server";

/** Loader and action of the connector pages (import/afas, import/polaris), after the route's guard (users.import). */

export async function connectorLoader(ctx: TenantContext, kind: ConnectorKind, { request }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  const runs = await listConnectorRuns(ctx, kind);
  return {
    title: pageTitle(t, `import:connector.${kind}.title`),
    kind,
    connector: await getConnectorView(ctx, kind),
    runs: runs.map((r) => ({
      id: r.importId,
      date: formatDate(r.createdAt),
      scheduled: r.slot !== null,
      status: r.status,
      path:
        r.status === "applied"
          ? `/import/view/${r.importId}`
          : kind === "polaris" && (r.status === "parsing" || r.status === "comparing" || r.status === "failed")
            ? `/import/polaris/${r.importId}`
            : `/import/excel/${r.importId}`,
    })),
  };
}

export async function connectorAction(ctx: TenantContext, kind: ConnectorKind, { request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = `/import/${kind}`;
  switch (intent) {
    case "settings": {
      const submission = parseWithZod(form, { schema: connectorSettingsSchema });
      if (submission.status !== "success")
        return data({ intent, reply: submission.reply({ hideFields: ["secret"] }), test: null }, { status: 400 });
      // A failed write comes back as the form's refusal with what was typed, 409/503 (decision 1840).
      const result = await writeOrRefuse("save", "settings", () => saveConnectorSettings(ctx, kind, submission.value));
      if (!result.ok) {
        const reply = submission.reply({
          ...(result.field
            ? { fieldErrors: { [result.field]: [result.errorKey] } }
            : { formErrors: [result.errorKey] }),
          hideFields: ["secret"],
        });
        return data({ intent, reply, test: null }, { status: refusalStatus(result) });
      }
      return redirectWithToast(here, { key: "import:connector.saved" });
    }
    case "schedule": {
      const submission = parseWithZod(form, { schema: connectorScheduleSchema });
      if (submission.status !== "success")
        return data({ intent, reply: submission.reply(), test: null }, { status: 400 });
      const result = await writeOrRefuse("save", "settings", () => saveConnectorSchedule(ctx, kind, submission.value));
      if (!result.ok)
        return data(
          { intent, reply: submission.reply({ formErrors: [result.errorKey] }), test: null },
          { status: refusalStatus(result) },
        );
      return redirectWithToast(here, { key: "import:connector.scheduleSaved" });
    }
    case "test": {
      const result = await testConnector(ctx, kind);
      const test = result.ok ? { ok: true, errorKey: null } : { ok: false, errorKey: result.errorKey };
      return data({ intent, reply: null, test }, { status: result.ok ? 200 : 400 });
    }
    case "run": {
      // "Import now" carries nothing typed: a failed write lands back here with the toast (decision 1703).
      const result = await writeOrRedirect("add", "import", here, () => startConnectorImport(ctx, kind));
      if (!result.ok)
        return data({ intent, reply: null, test: { ok: false, errorKey: result.errorKey } }, { status: 400 });
      return redirect(kind === "polaris" ? `/import/polaris/${result.importId}` : `/import/excel/${result.importId}`);
    }
    default:
      return data({ intent, reply: null, test: { ok: false, errorKey: "import:errors.state" } }, { status: 400 });
  }
}
export type ConnectorLoader = typeof connectorLoader;
export type ConnectorAction = typeof connectorAction;

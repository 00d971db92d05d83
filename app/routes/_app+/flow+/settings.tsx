import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { flowSettingsSchema } from "~/features/flow/flow-settings.schema";
import { getFlowSettings, mayManageFlowSettings, saveFlowSettings } from "~/features/flow/flows.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule, type TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["flow", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** flows.manage with a cluster-wide scope (docs/decisions/1283); an employee measuring their own flow is sent back. */
async function requireSettingsManager(request: Request): Promise<TenantContext> {
  const ctx = await requireModule(request, "flow", "flows.manage");
  if (!mayManageFlowSettings(ctx))
    throw await redirectWithToast("/dashboard", { type: "error", key: "common:guard.noAccess" });
  return ctx;
}

/** The flow settings (spec §3 review settings' flow): the score scale and the zone bands. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireSettingsManager(request);
  const t = await getServerT(request);
  return { title: pageTitle(t, "flow:settings.title"), settings: await getFlowSettings(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireSettingsManager(request);
  const submission = parseWithZod(await readForm(request), { schema: flowSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await saveFlowSettings(ctx, submission.value);
  return redirectWithToast("/flow/settings", { key: "flow:settings.saved" });
}

export default function FlowSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(flowSettingsSchema, {
    id: "flow-settings",
    lastResult,
    defaultValue: {
      scaleMax: String(settings.scaleMax),
      flowBand: String(settings.flowBand),
      stressBand: String(settings.stressBand),
    },
  });
  const labels = {
    scaleMax: t("flow:settings.scaleMax"),
    flowBand: t("flow:settings.flowBand"),
    stressBand: t("flow:settings.stressBand"),
  };
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to="/flow">{t("flow:settings.back")}</Link>
      </p>
      <h1 className="mb-2">{t("flow:settings.title")}</h1>
      <p className="mb-4">{t("flow:settings.intro")}</p>
      <div className="rounded bg-white p-6 shadow-sm">
        <FormErrorSummary form={form} fields={fields} labels={labels} />
        <Form method="post" {...getFormProps(form)} noValidate>
          <InputField
            meta={fields.scaleMax}
            label={labels.scaleMax}
            hint={t("flow:settings.scaleMaxHint")}
            inputMode="numeric"
          />
          <InputField
            meta={fields.flowBand}
            label={labels.flowBand}
            hint={t("flow:settings.flowBandHint")}
            inputMode="numeric"
          />
          <InputField
            meta={fields.stressBand}
            label={labels.stressBand}
            hint={t("flow:settings.stressBandHint")}
            inputMode="numeric"
          />
          <p className="mb-4 text-sm text-ink-muted">{t("flow:settings.existing")}</p>
          <Button>{t("flow:settings.save")}</Button>
        </Form>
      </div>
    </div>
  );
}

import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { getSsoConfigs, saveSsoConfig } from "~/features/auth/sso-config.server";
import { azureConfigSchema, ssoConfigSchemaFor, surfconextConfigSchema } from "~/features/auth/sso.schema";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["auth", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "auth:ssoConfig.title"),
    configs: await getSsoConfigs(ctx),
    callbackOrigin: new URL(request.url).origin,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ssoConfigSchemaFor(formData) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["clientSecret"] }), { status: 400 });
  const value = submission.value;
  const result = await saveSsoConfig(
    ctx,
    value.intent === "azure"
      ? { provider: "azure", tenantId: value.tenantId, clientId: value.clientId, clientSecret: value.clientSecret }
      : { provider: "surfconext", issuer: value.issuer, clientId: value.clientId, clientSecret: value.clientSecret },
  );
  if (!result.ok) {
    return data(
      submission.reply({ fieldErrors: { [result.field]: [result.errorKey] }, hideFields: ["clientSecret"] }),
      {
        status: 400,
      },
    );
  }
  return redirectWithToast("/account/settings/sso", { key: "auth:ssoConfig.saved" });
}

export default function SsoSettingsPage() {
  const { t } = useTranslation();
  const { configs, callbackOrigin } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("auth:ssoConfig.title")}</h1>
      <p className="mb-6">{t("auth:ssoConfig.intro")}</p>
      <ProviderForm
        key={`azure-${configs.azure?.updatedAt ?? ""}`}
        provider="azure"
        config={configs.azure}
        callback={`${callbackOrigin}/auth/azure/callback`}
      />
      <ProviderForm
        key={`surfconext-${configs.surfconext?.updatedAt ?? ""}`}
        provider="surfconext"
        config={configs.surfconext}
        callback={`${callbackOrigin}/auth/surfconext/callback`}
      />
    </div>
  );
}

type Config = ReturnType<typeof useLoaderData<typeof loader>>["configs"]["azure"];

function ProviderForm({
  provider,
  config,
  callback,
}: {
  provider: "azure" | "surfconext";
  config: Config;
  callback: string;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  // Two forms on one page: each shows only its own reply.
  const lastResult =
    actionData && (actionData as { initialValue?: { intent?: string } }).initialValue?.intent === provider
      ? actionData
      : undefined;
  const schema = provider === "azure" ? azureConfigSchema : surfconextConfigSchema;
  const [form, fields] = useZodForm(schema, {
    id: `sso-${provider}`,
    lastResult,
    defaultValue: { tenantId: config?.tenantId ?? "", issuer: config?.issuer ?? "", clientId: config?.clientId ?? "" },
  });
  const f = fields as unknown as Record<"tenantId" | "issuer" | "clientId" | "clientSecret", typeof fields.clientId>;
  const keyField = provider === "azure" ? "tenantId" : "issuer";
  const labels = {
    [keyField]: t(`auth:ssoConfig.fields.${keyField}`),
    clientId: t("auth:ssoConfig.fields.clientId"),
    clientSecret: t("auth:ssoConfig.fields.clientSecret"),
  };
  return (
    <section className="mb-8" aria-labelledby={`sso-${provider}-title`}>
      <h2 id={`sso-${provider}-title`} className="mb-2">
        {t(`auth:ssoConfig.${provider}`)}
      </h2>
      <p className="mb-2 text-sm">
        {config ? t("auth:ssoConfig.configured") : t("auth:ssoConfig.notConfigured")} · {t("auth:ssoConfig.callback")}{" "}
        <code className="break-all">{callback}</code>
      </p>
      <FormErrorSummary form={form} fields={f} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value={provider} />
        <InputField
          meta={f[keyField]}
          label={labels[keyField]}
          hint={t(`auth:ssoConfig.hints.${keyField}`)}
          type={keyField === "issuer" ? "url" : "text"}
        />
        <InputField meta={f.clientId} label={labels.clientId} />
        <InputField
          meta={f.clientSecret}
          label={labels.clientSecret}
          hint={config ? t("auth:ssoConfig.hints.secretKept") : undefined}
          type="password"
          autoComplete="new-password"
        />
        <Button>{t("auth:ssoConfig.save")}</Button>
      </Form>
    </section>
  );
}

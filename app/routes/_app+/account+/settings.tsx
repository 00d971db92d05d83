import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { companySchema } from "~/features/account/account.schema";
import { getCompanyDetails, updateCompanyDetails } from "~/features/account/account.server";
import { accountTwoFactorSettings } from "~/features/auth/two-factor-settings.server";
import { setTwoFactorRequiredForAdmins } from "~/features/auth/two-factor.server";
import { RetentionForm } from "~/features/privacy/components/retention-form";
import { retentionSchema } from "~/features/privacy/retention.schema";
import { getRetentionSettings, updateRetentionSettings } from "~/features/privacy/retention.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["account", "validation", "auth", "audit"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const t = await getServerT(request);
  const [company, twoFactor, retention] = await Promise.all([
    getCompanyDetails(ctx),
    accountTwoFactorSettings(ctx),
    getRetentionSettings(ctx),
  ]);
  return { title: pageTitle(t, "account:settings.title"), company, twoFactor, retention };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const formData = await readForm(request);
  const intent = formData.get("intent") ?? "company";
  switch (intent) {
    case "twoFactor": {
      const required = formData.get("requireTwoFactorForAdmins") === "on";
      await setTwoFactorRequiredForAdmins(ctx, required);
      return redirectWithToast("/account/settings", { key: "account:twoFactor.saved" });
    }
    case "retention": {
      const submission = parseWithZod(formData, { schema: retentionSchema });
      if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
      await updateRetentionSettings(ctx, context.clientIp ?? null, submission.value);
      return redirectWithToast("/account/settings", { key: "audit:retention.saved" });
    }
    case "company": {
      const submission = parseWithZod(formData, { schema: companySchema });
      if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
      await updateCompanyDetails(ctx, submission.value);
      return redirectWithToast("/account/settings", { key: "account:settings.saved" });
    }
    default:
      return data(null, { status: 400 });
  }
}

const fieldNames = [
  "address",
  "zip",
  "city",
  "country",
  "vat",
  "iban",
  "bic",
  "chamberOfCommerce",
  "phone",
  "invoiceDate",
] as const;

export default function AccountSettingsPage() {
  const { company, retention } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Saved values can differ from what was typed (IBAN in electronic format): a new key shows the stored ones.
  return (
    <>
      <CompanyForm key={JSON.stringify(company)} company={company} />
      <TwoFactorSwitch />
      <RetentionForm
        key={JSON.stringify(retention)}
        settings={retention}
        lastResult={actionData?.intent === "retention" ? actionData.reply : undefined}
      />
    </>
  );
}

/** Require two-factor sign-in for roles with admin rights (docs/decisions/0104, 0401). */
function TwoFactorSwitch() {
  const { t } = useTranslation();
  const { twoFactor } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="two-factor-heading" className="mt-6 max-w-2xl rounded bg-white p-6 shadow-sm">
      <h2 id="two-factor-heading" className="mb-2">
        {t("account:twoFactor.title")}
      </h2>
      {!twoFactor.moduleActive ? (
        <p className="mb-3 rounded border-2 border-gray-400 p-3" data-testid="two-factor-module-off">
          {t("account:twoFactor.moduleOff")}
        </p>
      ) : null}
      <Form method="post" key={String(twoFactor.requiredForAdmins)}>
        <input type="hidden" name="intent" value="twoFactor" />
        <label className="mb-3 flex items-center gap-2">
          <input type="checkbox" name="requireTwoFactorForAdmins" defaultChecked={twoFactor.requiredForAdmins} />
          {t("account:twoFactor.requireForAdmins")}
        </label>
        <p className="mb-3 text-sm text-ink-muted">{t("account:twoFactor.hint")}</p>
        <Button variant="secondary">{t("account:twoFactor.submit")}</Button>
      </Form>
    </section>
  );
}

function CompanyForm({ company }: { company: ReturnType<typeof useLoaderData<typeof loader>>["company"] }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "company" ? actionData.reply : undefined;
  const [form, fields] = useForm({
    id: "company",
    lastResult,
    defaultValue: company,
    constraint: getZodConstraint(companySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySchema }),
  });
  const label = (name: (typeof fieldNames)[number]) => t(`account:settings.fields.${name}`);
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("account:settings.title")}</h1>
      <p className="mb-4">{company.name}</p>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={fieldNames.map((n) => ({ id: fields[n].id, label: label(n), errors: fields[n].errors }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        {fieldNames.map((n) => (
          <Field
            key={n}
            label={label(n)}
            hint={n === "invoiceDate" ? t("account:settings.dateHint") : undefined}
            errors={fields[n].errors}
            inputProps={{
              ...getInputProps(fields[n], { type: n === "phone" ? "tel" : "text" }),
              placeholder: n === "invoiceDate" ? t("account:settings.datePlaceholder") : undefined,
            }}
          />
        ))}
        <Button>{t("account:settings.submit")}</Button>
      </Form>
      <p className="mt-6">
        <Link to="/account/settings/sso">{t("auth:ssoConfig.title")}</Link>
      </p>
    </div>
  );
}

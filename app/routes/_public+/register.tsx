import { getFormProps, getInputProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/ui/checkbox";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { registerAccount } from "~/features/account/registration.server";
import { registerFields, registerSchema } from "~/features/account/signup.schema";
import { NewPasswordFields } from "~/features/auth/components/new-password-fields";
import { newPasswordFieldNames as hidden, parseNewPasswordForm } from "~/features/auth/password-rules.server";
import { HoneypotField, isHoneypotFilled } from "~/utils/honeypot";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireAnonymous } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["signup", "auth", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const t = await getServerT(request);
  return { title: pageTitle(t, "signup:register.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await readForm(request);
  const submission = await parseNewPasswordForm(formData, registerFields);
  if (isHoneypotFilled(formData)) {
    return data(submission.reply({ formErrors: ["signup:register.failed"], hideFields: hidden }), { status: 400 });
  }
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const { companyName, firstName, lastName, email, password } = submission.value;
  const result = await registerAccount({
    companyName,
    firstName,
    lastName,
    email,
    password,
    language: await getLanguage(request),
    ip: context.clientIp,
  });
  if (!result.ok) {
    return data(submission.reply({ formErrors: ["auth:login.tooManyAttempts"], hideFields: hidden }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfter) },
    });
  }
  // The same answer whether or not the address already had an account (its owner gets an e-mail instead).
  return redirectWithToast("/login", { key: "signup:register.done", values: { email } });
}

const textInputs = [
  ["companyName", "text", "organization"],
  ["firstName", "text", "given-name"],
  ["lastName", "text", "family-name"],
  ["email", "email", "email"],
] as const;

function DocumentLink({ slug, children }: { slug: string; children?: React.ReactNode }) {
  return (
    // Underlined: a link in running text must not differ by colour alone (WCAG 1.4.1, axe link-in-text-block).
    <Link to={`/file/${slug}`} target="_blank" rel="noreferrer" className="underline">
      {children}
    </Link>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(registerSchema, {
    id: "register",
    lastResult,
  });
  const labels = {
    companyName: t("signup:register.companyName"),
    firstName: t("signup:register.firstName"),
    lastName: t("signup:register.lastName"),
    email: t("signup:register.email"),
    password: t("signup:register.password"),
    passwordConfirmation: t("signup:register.passwordConfirmation"),
    acceptTerms: t("signup:register.acceptTermsLabel"),
    acceptPrivacy: t("signup:register.acceptPrivacyLabel"),
    acceptProcessing: t("signup:register.acceptProcessingLabel"),
  };
  const checks = [
    ["acceptTerms", "terms", "signup:register.acceptTerms"],
    ["acceptPrivacy", "privacy", "signup:register.acceptPrivacy"],
    ["acceptProcessing", "processing-agreement", "signup:register.acceptProcessing"],
  ] as const;
  return (
    <>
      <h1 className="mb-2">{t("signup:register.title")}</h1>
      <p className="mb-6">{t("signup:register.intro")}</p>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <HoneypotField />
        {textInputs.map(([name, type, autoComplete]) => (
          <InputField key={name} meta={fields[name]} label={labels[name]} type={type} autoComplete={autoComplete} />
        ))}
        <NewPasswordFields fields={fields} labels={labels} hint={t("signup:password.hint")} />
        <fieldset className="mb-4">
          <legend className="mb-2 font-medium">{t("signup:register.acceptLegend")}</legend>
          {checks.map(([name, slug, key]) => (
            <CheckboxField
              key={name}
              errors={fields[name].errors}
              inputProps={getInputProps(fields[name], { type: "checkbox" })}
              label={<Trans i18nKey={key} components={{ doc: <DocumentLink slug={slug} /> }} />}
            />
          ))}
        </fieldset>
        <Button>{t("signup:register.submit")}</Button>
      </Form>
      <p className="mt-6">
        {t("signup:register.haveAccount")}{" "}
        <Link to="/login" className="underline">
          {t("signup:register.toLogin")}
        </Link>
      </p>
    </>
  );
}

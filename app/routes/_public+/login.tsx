import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { loginSchema, loginSchemaFor, ssoStartSchema } from "~/features/auth/auth.schema";
import { SsoRedirect } from "~/features/auth/components/sso-redirect";
import type { SsoProvider } from "~/features/auth/sso-providers";
import { signIn } from "~/features/auth/sign-in.server";
import { startSsoSignIn } from "~/features/auth/sso.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { safeRedirectPath } from "~/utils/request.server";
import { requireAnonymous } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["auth", "signup"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

const ssoErrors = [
  "notAvailable",
  "providerUnreachable",
  "expired",
  "failed",
  "unknownUser",
  "tooManyAttempts",
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "auth:login.title"),
    expired: url.searchParams.get("expired") === "1",
    redirectTo: url.searchParams.get("redirectTo") ?? "",
    ssoError: ssoErrors.find((code) => code === url.searchParams.get("sso")) ?? null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await readForm(request.clone());
  if (loginSchemaFor(formData) === ssoStartSchema) {
    // "Inloggen met Microsoft / SURFconext": the e-mail tells which account's configuration to use.
    const sso = parseWithZod(formData, { schema: ssoStartSchema });
    if (sso.status !== "success") return data(sso.reply({ hideFields: ["password"] }), { status: 400 });
    const asked = sso.value.redirectTo ? safeRedirectPath(sso.value.redirectTo) : null;
    const provider: SsoProvider = sso.value.intent === "sso-azure" ? "azure" : "surfconext";
    const started = await startSsoSignIn(request, { email: sso.value.email, provider, redirectTo: asked });
    if (!started.ok)
      return data(sso.reply({ formErrors: [started.errorKey], hideFields: ["password"] }), { status: 400 });
    // Not a redirect: the page sends the browser on (CSP form-action, see SsoRedirect).
    return data(
      { ssoRedirect: { location: started.location, provider } },
      { headers: { "Set-Cookie": started.setCookie } },
    );
  }
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const asked = submission.value.redirectTo ? safeRedirectPath(submission.value.redirectTo) : null;
  const result = await signIn(request, { email: submission.value.email, ip: context.clientIp, redirectTo: asked });
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [result.errorKey], hideFields: ["password"] });
    const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
    return data(reply, { status: result.status, headers });
  }
  // The second step (spec §7 login keys 2FA_SETUP / 2FA_VERIFY) comes before any session.
  if (result.twoFactor) return redirect(result.twoFactor, { headers: { "Set-Cookie": result.setCookie } });
  // The page the user asked for wins; otherwise a first sign-in opens the introduction (spec §2).
  const target = asked ?? (result.firstLogin ? "/dashboard/introduction" : "/dashboard");
  return redirect(target, { headers: { "Set-Cookie": result.setCookie } });
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { expired, redirectTo, ssoError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const ssoRedirect = actionData && "ssoRedirect" in actionData ? actionData.ssoRedirect : null;
  const lastResult = actionData && !("ssoRedirect" in actionData) ? actionData : undefined;
  const navigation = useNavigation();
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a failed attempt the password field starts empty again, with JavaScript as without.
  useEffect(() => {
    if (lastResult && passwordRef.current) passwordRef.current.value = "";
  }, [lastResult]);
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchemaFor(formData) }),
  });
  const labels = { email: t("auth:login.email"), password: t("auth:login.password") };
  if (ssoRedirect) {
    return (
      <>
        <h1 className="mb-6">{t("auth:login.title")}</h1>
        <SsoRedirect location={ssoRedirect.location} provider={ssoRedirect.provider} />
      </>
    );
  }
  return (
    <>
      <h1 className="mb-6">{t("auth:login.title")}</h1>
      {expired && !form.errors?.length ? (
        <p role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          {t("auth:session.expired")}
        </p>
      ) : null}
      {ssoError && !form.errors?.length ? (
        <p role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          {t(`auth:sso.${ssoError}`)}
        </p>
      ) : null}
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.email.id, label: labels.email, errors: fields.email.errors },
          { id: fields.password.id, label: labels.password, errors: fields.password.errors },
        ]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={labels.email}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username", autoFocus: true }}
        />
        <Field
          label={labels.password}
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
            ref: passwordRef,
          }}
        />
        <Button disabled={navigation.state === "submitting"}>{t("auth:login.submit")}</Button>
        <div className="mt-6 border-t pt-4">
          <p className="mb-2 text-sm">{t("auth:sso.hint")}</p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="sso-azure" formNoValidate className="rounded border px-3 py-2">
              {t("auth:sso.azure")}
            </button>
            <button
              type="submit"
              name="intent"
              value="sso-surfconext"
              formNoValidate
              className="rounded border px-3 py-2"
            >
              {t("auth:sso.surfconext")}
            </button>
          </div>
        </div>
      </Form>
      <ul className="mt-6 space-y-2">
        <li>
          <Link to="/password-request">{t("signup:passwordRequest.link")}</Link>
        </li>
        <li>
          <Link to="/register">{t("signup:register.link")}</Link>
        </li>
      </ul>
    </>
  );
}

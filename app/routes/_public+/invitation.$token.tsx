import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SetPasswordForm, useSetPasswordForm } from "~/features/auth/components/set-password-form";
import { SsoRedirect } from "~/features/auth/components/sso-redirect";
import { newPasswordFieldNames as hidden, parseNewPasswordForm } from "~/features/auth/password-rules.server";
import { ssoProviders, type SsoProvider } from "~/features/auth/sso-providers";
import { startInvitationSso } from "~/features/auth/sso.server";
import { acceptInvitation, lookupInvitationFrom } from "~/features/invitations/invitation-accept.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import { TOKEN_PAGE_REFERRER_POLICY } from "~/utils/route-headers";

export const handle = { i18n: ["signup", "auth", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

const messages = {
  expired: "signup:invitation.expired",
  invalid: "signup:invitation.invalid",
  ssoOnly: "signup:invitation.ssoOnly",
  tooManyAttempts: "auth:login.tooManyAttempts",
} as const;
// Codes the SSO callback sends back here (auth:sso.<code>).
const ssoErrors = [
  "emailMismatch",
  "failed",
  "expired",
  "notAvailable",
  "providerUnreachable",
  "tooManyAttempts",
] as const;

// public route: the token from the invitation e-mail is the credential.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  const found = await lookupInvitationFrom(params.token ?? "", context.clientIp);
  const ssoCode = new URL(request.url).searchParams.get("sso");
  const headers: HeadersInit = { ...TOKEN_PAGE_REFERRER_POLICY };
  if (found.status === "tooManyAttempts") headers["Retry-After"] = String(found.retryAfter);
  const invitation = found.status === "tooManyAttempts" ? { status: found.status } : found;
  return data(
    {
      title: pageTitle(t, "signup:invitation.title"),
      invitation,
      ssoError: ssoErrors.find((code) => code === ssoCode) ?? null,
    },
    { status: { valid: 200, tooManyAttempts: 429, expired: 410, invalid: 410 }[invitation.status], headers },
  );
}

// public route: see the loader.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const provider = ssoProviders.find((p) => formData.get("intent") === `sso-${p}`);
  if (provider) {
    // Accept with the organisation's sign-in; the callback accepts when the provider vouches for the invited address.
    const started = await startInvitationSso(request, { secret: params.token ?? "", provider });
    if (!started.ok) return data({ ssoError: started.errorKey }, { status: 400 });
    return data(
      { ssoRedirect: { location: started.location, provider } },
      { headers: { "Set-Cookie": started.setCookie, "Referrer-Policy": "no-referrer" } },
    );
  }
  const submission = await parseNewPasswordForm(formData, {});
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const result = await acceptInvitation(request, {
    secret: params.token ?? "",
    password: submission.value.password,
    ip: context.clientIp,
  });
  if (!result.ok && result.code === "tooManyAttempts") {
    return data(submission.reply({ formErrors: [messages.tooManyAttempts], hideFields: hidden }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfter) },
    });
  }
  if (!result.ok) {
    return data(submission.reply({ formErrors: [messages[result.code]], hideFields: hidden }), { status: 410 });
  }
  return redirect("/dashboard/introduction", { headers: { "Set-Cookie": result.setCookie } });
}

export default function InvitationPage() {
  const { t } = useTranslation();
  const { invitation, ssoError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const ssoRedirect = actionData && "ssoRedirect" in actionData ? actionData.ssoRedirect : null;
  const ssoStartError = actionData && "ssoError" in actionData ? actionData.ssoError : null;
  const lastResult =
    actionData && !("ssoRedirect" in actionData) && !("ssoError" in actionData) ? actionData : undefined;
  const form = useSetPasswordForm("invitation", lastResult);
  if (invitation.status !== "valid") {
    return (
      <>
        <h1 className="mb-4">{t("signup:invitation.title")}</h1>
        <p role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          {t(messages[invitation.status])}
        </p>
        <p>
          <Link to="/login">{t("signup:toLogin")}</Link>
        </p>
      </>
    );
  }
  if (ssoRedirect) {
    return (
      <>
        <h1 className="mb-6">{t("signup:invitation.title")}</h1>
        <SsoRedirect location={ssoRedirect.location} provider={ssoRedirect.provider} />
      </>
    );
  }
  const ssoMessage = ssoStartError ?? (ssoError ? `auth:sso.${ssoError}` : null);
  return (
    <>
      <h1 className="mb-2">{t("signup:invitation.title")}</h1>
      <p className="mb-6">
        {invitation.passwordAllowed
          ? t("signup:invitation.intro", { organisation: invitation.organisation, email: invitation.email })
          : t("signup:invitation.introSso", { organisation: invitation.organisation, email: invitation.email })}
      </p>
      {ssoMessage && !form[0].errors?.length ? (
        <p role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          {t(ssoMessage, { email: invitation.email })}
        </p>
      ) : null}
      {invitation.ssoProviders.length > 0 ? (
        <Form method="post" className="mb-6 rounded bg-white p-6 shadow-sm">
          <p className="mb-2">{t("signup:invitation.ssoHint", { email: invitation.email })}</p>
          <div className="flex flex-wrap gap-2">
            {invitation.ssoProviders.map((provider: SsoProvider) => (
              <button
                key={provider}
                type="submit"
                name="intent"
                value={`sso-${provider}`}
                className="rounded border px-3 py-2"
              >
                {t(`auth:sso.${provider}`)}
              </button>
            ))}
          </div>
        </Form>
      ) : null}
      {invitation.passwordAllowed ? (
        <>
          {invitation.ssoProviders.length > 0 ? <h2 className="mb-2">{t("signup:invitation.orPassword")}</h2> : null}
          <SetPasswordForm
            form={form}
            labels={{
              password: t("signup:invitation.password"),
              passwordConfirmation: t("signup:invitation.passwordConfirmation"),
            }}
            hint={t("signup:password.hint")}
            submitLabel={t("signup:invitation.submit")}
          >
            <input type="email" name="username" value={invitation.email} autoComplete="username" readOnly hidden />
          </SetPasswordForm>
        </>
      ) : null}
    </>
  );
}

import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SetPasswordForm, useSetPasswordForm } from "~/features/auth/components/set-password-form";
import { resetCodeStatus, resetPassword } from "~/features/auth/password-reset.server";
import { newPasswordFieldNames as hidden, parseNewPasswordForm } from "~/features/auth/password-rules.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import { TOKEN_PAGE_REFERRER_POLICY } from "~/utils/route-headers";

export const handle = { i18n: ["signup", "auth", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

// public route: the code from the reset e-mail is the credential. A signed-in visitor may use it too
// (e.g. a shared computer); the reset ends every session of that user anyway.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  const code = await resetCodeStatus(params.code ?? "", context.clientIp);
  const usable = code.status === "usable";
  const limited = code.status === "tooManyAttempts";
  const headers: HeadersInit = { ...TOKEN_PAGE_REFERRER_POLICY };
  if (limited) headers["Retry-After"] = String(code.retryAfter);
  return data(
    { title: pageTitle(t, "signup:passwordReset.title"), usable, limited },
    { status: usable ? 200 : limited ? 429 : 400, headers },
  );
}

// public route: see the loader.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = await parseNewPasswordForm(formData, {});
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const result = await resetPassword({
    code: params.code ?? "",
    password: submission.value.password,
    ip: context.clientIp,
  });
  if (!result.ok && result.code === "tooManyAttempts") {
    return data(submission.reply({ formErrors: ["auth:login.tooManyAttempts"], hideFields: hidden }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfter) },
    });
  }
  if (!result.ok) {
    return data(submission.reply({ formErrors: ["signup:passwordReset.failed"], hideFields: hidden }), { status: 400 });
  }
  return redirect("/password-reset/done");
}

export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { usable, limited } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const form = useSetPasswordForm("password-reset", lastResult);
  if (!usable) {
    return (
      <>
        <h1 className="mb-4">{t("signup:passwordReset.title")}</h1>
        <p role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          {t(limited ? "auth:login.tooManyAttempts" : "signup:passwordReset.failed")}
        </p>
        <p>
          <Link to="/password-request">{t("signup:passwordReset.requestNew")}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-4">{t("signup:passwordReset.title")}</h1>
      <SetPasswordForm
        form={form}
        labels={{
          password: t("signup:passwordReset.password"),
          passwordConfirmation: t("signup:passwordReset.passwordConfirmation"),
        }}
        hint={t("signup:password.hint")}
        submitLabel={t("signup:passwordReset.submit")}
      />
    </>
  );
}

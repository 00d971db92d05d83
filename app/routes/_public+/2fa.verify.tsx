import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { completeSignIn } from "~/features/auth/sign-in.server";
import { twoFactorCodeSchema } from "~/features/auth/two-factor.schema";
import { clearPendingCookie, finishTarget, readPending, verifySecondFactor } from "~/features/auth/two-factor.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["signup", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

// public route: reached only with the signed half-sign-in cookie set by /login after a correct password.
export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await readPending(request, "verify");
  if (!pending) throw redirect("/login");
  const t = await getServerT(request);
  return { title: pageTitle(t, "signup:twoFactor.verifyTitle") };
}

// public route: see the loader.
export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await readPending(request, "verify");
  if (!pending) throw redirect("/login");
  const submission = parseWithZod(await readForm(request), { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await verifySecondFactor(pending.userId, submission.value.code, context.clientIp);
  if (!result.ok) {
    const key = result.code === "tooManyAttempts" ? "auth:login.tooManyAttempts" : "signup:twoFactor.invalid";
    const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
    return data(submission.reply({ fieldErrors: { code: [key] }, hideFields: ["code"] }), {
      status: result.code === "tooManyAttempts" ? 429 : 400,
      headers,
    });
  }
  const finish = await finishTarget(pending);
  if (!finish) throw redirect("/login");
  const { setCookie } = await completeSignIn(request, {
    userId: pending.userId,
    accountId: finish.accountId,
    ip: context.clientIp,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await clearPendingCookie(request));
  return redirect(finish.target, { headers });
}

export default function TwoFactorVerifyPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(twoFactorCodeSchema, {
    id: "two-factor-verify",
    lastResult,
  });
  const labels = { code: t("signup:twoFactor.code") };
  return (
    <>
      <h1 className="mb-4">{t("signup:twoFactor.verifyTitle")}</h1>
      <p className="mb-6">{t("signup:twoFactor.verifyIntro")}</p>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField
          meta={fields.code}
          label={labels.code}
          hint={t("signup:twoFactor.recoveryHint")}
          autoComplete="one-time-code"
          // The page asks for this one code only, right after the password (as before this component).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <Button>{t("signup:twoFactor.verifySubmit")}</Button>
      </Form>
      <p className="mt-6">
        <Link to="/login">{t("signup:toLogin")}</Link>
      </p>
    </>
  );
}

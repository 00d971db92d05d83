import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { completeSignIn } from "~/features/auth/sign-in.server";
import { twoFactorCodeSchema } from "~/features/auth/two-factor.schema";
import {
  clearPendingCookie,
  completeSetup,
  finishTarget,
  readPending,
  setupDetails,
} from "~/features/auth/two-factor.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["signup", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

// After a successful set-up the half-sign-in cookie is gone; the answer itself shows the recovery codes.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

// public route: reached only with the signed half-sign-in cookie set by /login after a correct password.
export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await readPending(request, "setup");
  if (!pending) throw redirect("/login");
  const t = await getServerT(request);
  const details = await setupDetails(pending.userId);
  return data(
    {
      title: pageTitle(t, "signup:twoFactor.setupTitle"),
      secret: details?.secret ?? null,
      qrSvg: details?.qrSvg ?? null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// public route: see the loader.
export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await readPending(request, "setup");
  if (!pending) throw redirect("/login");
  const submission = parseWithZod(await readForm(request), { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return data({ reply: submission.reply(), done: null }, { status: 400 });
  const result = await completeSetup(pending.userId, submission.value.code, context.clientIp);
  if (!result.ok) {
    const key = result.code === "tooManyAttempts" ? "auth:login.tooManyAttempts" : "signup:twoFactor.invalid";
    const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
    return data(
      { reply: submission.reply({ fieldErrors: { code: [key] }, hideFields: ["code"] }), done: null },
      { status: result.code === "tooManyAttempts" ? 429 : 400, headers },
    );
  }
  const finish = await finishTarget(pending);
  if (!finish) throw redirect("/login");
  const { setCookie } = await completeSignIn(request, {
    userId: pending.userId,
    accountId: finish.accountId,
    ip: context.clientIp,
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await clearPendingCookie(request));
  // Shown once, in this answer only; never stored in plain text.
  return data({ reply: null, done: { recoveryCodes: result.recoveryCodes, target: finish.target } }, { headers });
}

export default function TwoFactorSetupPage() {
  const { t } = useTranslation();
  const { secret, qrSvg } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(twoFactorCodeSchema, {
    id: "two-factor-setup",
    lastResult: actionData?.reply ?? undefined,
  });
  if (actionData?.done) {
    return (
      <>
        <h1 className="mb-4">{t("signup:twoFactor.recoveryTitle")}</h1>
        <p className="mb-4">{t("signup:twoFactor.recoveryIntro")}</p>
        <ul
          className="mb-6 grid grid-cols-2 gap-2 rounded bg-white p-4 font-mono shadow-sm"
          data-testid="recovery-codes"
        >
          {actionData.done.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <p>
          <Link to={actionData.done.target} className="font-medium">
            {t("signup:twoFactor.continue")}
          </Link>
        </p>
      </>
    );
  }
  if (!secret || !qrSvg) {
    return (
      <p>
        <Link to="/login">{t("signup:toLogin")}</Link>
      </p>
    );
  }
  const labels = { code: t("signup:twoFactor.code") };
  return (
    <>
      <h1 className="mb-4">{t("signup:twoFactor.setupTitle")}</h1>
      <ol className="mb-6 list-decimal space-y-2 pl-5">
        <li>{t("signup:twoFactor.setupStep1")}</li>
        <li>{t("signup:twoFactor.setupStep2")}</li>
      </ol>
      <figure className="mb-4">
        <div
          role="img"
          aria-label={t("signup:twoFactor.qrLabel")}
          className="h-48 w-48 bg-white"
          // The SVG comes from the qrcode library on our server, not from user input.
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <figcaption className="mt-2 text-sm">
          {t("signup:twoFactor.secretLabel")}{" "}
          <code className="break-all font-mono" data-testid="totp-secret">
            {secret}
          </code>
        </figcaption>
      </figure>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.code} label={labels.code} inputMode="numeric" autoComplete="one-time-code" />
        <Button>{t("signup:twoFactor.setupSubmit")}</Button>
      </Form>
    </>
  );
}

import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { passwordRequestSchema } from "~/features/account/signup.schema";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { HoneypotField, isHoneypotFilled } from "~/utils/honeypot";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireAnonymous } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["signup", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "signup:passwordRequest.title"),
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: passwordRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // A bot gets the same answer as a person, and nothing is sent.
  if (isHoneypotFilled(formData)) return redirect("/password-request?sent=1");
  const result = await requestPasswordReset({ email: submission.value.email, ip: context.clientIp });
  if (!result.ok) {
    return data(submission.reply({ formErrors: ["signup:passwordRequest.tooManyAttempts"] }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfter) },
    });
  }
  // The same answer whether or not the address exists.
  return redirect("/password-request?sent=1");
}

export default function PasswordRequestPage() {
  const { t } = useTranslation();
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(passwordRequestSchema, {
    id: "password-request",
    lastResult,
  });
  const labels = { email: t("signup:passwordRequest.email") };
  return (
    <>
      <h1 className="mb-4">{t("signup:passwordRequest.title")}</h1>
      {sent ? (
        <p
          role="status"
          className="mb-6 rounded border-l-4 border-success bg-success-bg p-3"
          data-testid="request-sent"
        >
          {t("signup:passwordRequest.sent")}
        </p>
      ) : (
        <p className="mb-6">{t("signup:passwordRequest.intro")}</p>
      )}
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <HoneypotField />
        <InputField meta={fields.email} label={labels.email} type="email" autoComplete="email" />
        <Button>{t("signup:passwordRequest.submit")}</Button>
      </Form>
      <p className="mt-6">
        <Link to="/login">{t("signup:toLogin")}</Link>
      </p>
    </>
  );
}

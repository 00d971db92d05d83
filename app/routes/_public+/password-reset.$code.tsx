import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { passwordResetSchema } from "~/features/account/signup.schema";
import { resetCodeStatus, resetPassword } from "~/features/auth/password-reset.server";
import { strongPasswordSchema } from "~/features/auth/password-rules.server";
import { newPasswordSchema } from "~/features/auth/password.schema";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";

export const handle = { i18n: ["signup", "auth", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const hidden = ["password", "passwordConfirmation"];

// public route: the code from the reset e-mail is the credential. A signed-in visitor may use it too
// (e.g. a shared computer); the reset ends every session of that user anyway.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  const code = await resetCodeStatus(params.code ?? "", context.clientIp);
  const usable = code.status === "usable";
  const limited = code.status === "tooManyAttempts";
  const headers: HeadersInit = { "Referrer-Policy": "no-referrer" };
  if (limited) headers["Retry-After"] = String(code.retryAfter);
  return data(
    { title: pageTitle(t, "signup:passwordReset.title"), usable, limited },
    { status: usable ? 200 : limited ? 429 : 400, headers },
  );
}

// public route: see the loader.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const serverSchema = newPasswordSchema(strongPasswordSchema, {});
  const submission = await parseWithZod(formData, { schema: serverSchema, async: true });
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
  const [form, fields] = useForm({
    id: "password-reset",
    lastResult,
    constraint: getZodConstraint(passwordResetSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetSchema }),
  });
  const labels = {
    password: t("signup:passwordReset.password"),
    passwordConfirmation: t("signup:passwordReset.passwordConfirmation"),
  };
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
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["password", "passwordConfirmation"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <Field
          label={labels.password}
          hint={t("signup:password.hint")}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        />
        <Field
          label={labels.passwordConfirmation}
          errors={fields.passwordConfirmation.errors}
          inputProps={{
            ...getInputProps(fields.passwordConfirmation, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        <Button>{t("signup:passwordReset.submit")}</Button>
      </Form>
    </>
  );
}

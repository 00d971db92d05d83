import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field, SelectField } from "~/components/ui/forms";
import { Tabs } from "~/components/ui/tabs";
import { strongPasswordSchema } from "~/features/auth/password-rules.server";
import { disableTwoFactorSchema } from "~/features/auth/two-factor-settings.schema";
import { disableTwoFactor, myTwoFactorStatus, startTwoFactorSetup } from "~/features/auth/two-factor-settings.server";
import { newPasswordSchema } from "~/features/auth/password.schema";
import { profileTabs, type ProfileTab } from "~/features/people/profile-tabs";
import { currentPasswordField, passwordChangeSchema, profileDetailsSchema } from "~/features/people/profile.schema";
import { changePassword, getProfile, updateProfile } from "~/features/people/profile.server";
import { supportedLanguages } from "~/utils/i18n";
import { getServerT, languageCookie } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["profile", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseTab(value: string | undefined): ProfileTab {
  if (!profileTabs.includes(value as ProfileTab)) throw new Response("Not found", { status: 404 });
  return value as ProfileTab;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTab(params.tab);
  const t = await getServerT(request);
  const [profile, twoFactor] = await Promise.all([
    getProfile(ctx),
    tab === "two-factor" ? myTwoFactorStatus(ctx) : { moduleActive: false, enabled: false, required: false },
  ]);
  return { title: pageTitle(t, `profile:tabs.${tab}`), tab, profile, twoFactor };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTab(params.tab);
  const formData = await request.formData();

  if (tab === "two-factor") {
    if (formData.get("intent") === "enable") {
      const cookie = await startTwoFactorSetup(request, ctx, "/my/profile/two-factor");
      if (!cookie) return redirect("/my/profile/two-factor");
      return redirect("/2fa/setup", { headers: { "Set-Cookie": cookie } });
    }
    const submission = parseWithZod(formData, { schema: disableTwoFactorSchema });
    if (submission.status !== "success")
      return data(submission.reply({ hideFields: ["currentPassword"] }), { status: 400 });
    const result = await disableTwoFactor(ctx, submission.value.currentPassword, context.clientIp);
    if (!result.ok) {
      const reply =
        result.errorKey === "validation:password.currentWrong"
          ? submission.reply({ fieldErrors: { currentPassword: [result.errorKey] }, hideFields: ["currentPassword"] })
          : submission.reply({ formErrors: [result.errorKey], hideFields: ["currentPassword"] });
      return data(reply, { status: 400 });
    }
    return redirect("/my/profile/two-factor", {
      headers: { "Set-Cookie": await createToastHeader({ key: "profile:twoFactor.disabled" }) },
    });
  }

  if (tab === "details") {
    const submission = parseWithZod(formData, { schema: profileDetailsSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    await updateProfile(ctx, submission.value);
    const headers = new Headers();
    headers.append("Set-Cookie", await languageCookie.serialize(submission.value.language));
    headers.append("Set-Cookie", await createToastHeader({ key: "profile:details.saved" }));
    return redirect("/my/profile/details", { headers });
  }

  const serverSchema = newPasswordSchema(strongPasswordSchema, currentPasswordField);
  const submission = await parseWithZod(formData, { schema: serverSchema, async: true });
  const hidden = ["currentPassword", "password", "passwordConfirmation"];
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const result = await changePassword(ctx, submission.value);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] }, hideFields: hidden }), {
      status: 400,
    });
  }
  return redirect("/my/profile/password", {
    headers: { "Set-Cookie": await createToastHeader({ key: "profile:password.saved" }) },
  });
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const { tab } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("profile:title")}</h1>
      <Tabs
        label={t("profile:tabs.label")}
        baseHref="/my/profile"
        current={tab}
        tabs={profileTabs.map((key) => ({ key, label: t(`profile:tabs.${key}`) }))}
      />
      {tab === "details" ? <DetailsForm /> : tab === "password" ? <PasswordForm /> : <TwoFactorPanel />}
    </div>
  );
}

function DetailsForm() {
  const { t } = useTranslation();
  const { profile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: profile.language,
      updatesFrequency: profile.updatesFrequency ?? undefined,
    },
    constraint: getZodConstraint(profileDetailsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileDetailsSchema }),
  });
  const labels = {
    firstName: t("profile:details.firstName"),
    lastName: t("profile:details.lastName"),
    language: t("profile:details.language"),
    updatesFrequency: t("profile:details.updatesFrequency"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["firstName", "lastName", "language", "updatesFrequency"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <p className="mb-4 text-sm text-ink-muted">
          {t("profile:details.email")}: <strong>{profile.email}</strong>
        </p>
        <Field
          label={labels.firstName}
          errors={fields.firstName.errors}
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
        />
        <Field
          label={labels.lastName}
          errors={fields.lastName.errors}
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
        />
        <SelectField
          label={labels.language}
          errors={fields.language.errors}
          selectProps={getSelectProps(fields.language)}
          options={supportedLanguages.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
        />
        {profile.updatesFrequency ? (
          <SelectField
            label={labels.updatesFrequency}
            errors={fields.updatesFrequency.errors}
            selectProps={getSelectProps(fields.updatesFrequency)}
            options={(["weekly", "biweekly", "fourweekly"] as const).map((f) => ({
              value: f,
              label: t(`profile:frequency.${f}`),
            }))}
          />
        ) : null}
        <Button>{t("profile:details.submit")}</Button>
      </Form>
    </>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult,
    constraint: getZodConstraint(passwordChangeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  const labels = {
    currentPassword: t("profile:password.current"),
    password: t("profile:password.new"),
    passwordConfirmation: t("profile:password.confirm"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["currentPassword", "password", "passwordConfirmation"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <Field
          label={labels.currentPassword}
          errors={fields.currentPassword.errors}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <Field
          label={labels.password}
          hint={t("profile:password.hint")}
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
        <Button>{t("profile:password.submit")}</Button>
      </Form>
    </>
  );
}

/** Turn two-step verification on (the /2fa/setup flow) or off (with the password, unless required). */
function TwoFactorPanel() {
  const { t } = useTranslation();
  const { twoFactor } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "profile-two-factor",
    lastResult,
    constraint: getZodConstraint(disableTwoFactorSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disableTwoFactorSchema }),
  });
  const label = t("profile:password.current");
  return (
    <div className="rounded bg-white p-6 shadow-sm">
      <p className="mb-4 font-medium" data-testid="two-factor-state">
        {t(twoFactor.enabled ? "profile:twoFactor.on" : "profile:twoFactor.off")}
      </p>
      {!twoFactor.moduleActive ? (
        <p>{t("profile:twoFactor.moduleOff")}</p>
      ) : !twoFactor.enabled ? (
        <Form method="post">
          <p className="mb-3">{t("profile:twoFactor.enableHint")}</p>
          <input type="hidden" name="intent" value="enable" />
          <Button>{t("profile:twoFactor.enable")}</Button>
        </Form>
      ) : twoFactor.required ? (
        <p>{t("profile:twoFactor.requiredError")}</p>
      ) : (
        <>
          <ErrorSummary
            formErrors={form.errors}
            fieldErrors={[{ id: fields.currentPassword.id, label, errors: fields.currentPassword.errors }]}
          />
          <Form method="post" {...getFormProps(form)} noValidate>
            <input type="hidden" name="intent" value="disable" />
            <Field
              label={label}
              errors={fields.currentPassword.errors}
              inputProps={{
                ...getInputProps(fields.currentPassword, { type: "password" }),
                autoComplete: "current-password",
              }}
            />
            <Button variant="secondary">{t("profile:twoFactor.disable")}</Button>
          </Form>
        </>
      )}
    </div>
  );
}

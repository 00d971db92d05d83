import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import { newPasswordFieldNames, parseNewPasswordForm } from "~/features/auth/password-rules.server";
import { disableTwoFactorSchema } from "~/features/auth/two-factor-settings.schema";
import { disableTwoFactor, myTwoFactorStatus, startTwoFactorSetup } from "~/features/auth/two-factor-settings.server";
import { PersonalDataLinks } from "~/features/privacy/components/personal-data-links";
import { latestPersonalDataExport } from "~/features/privacy/personal-data-exports.server";
import { ProfileDetailsForm } from "~/features/people/components/profile-details-form";
import { ProfilePasswordForm } from "~/features/people/components/profile-password-form";
import { ProfileTwoFactorPanel } from "~/features/people/components/profile-two-factor-panel";
import { profileTabs, type ProfileTab } from "~/features/people/profile-tabs";
import { currentPasswordField, profileDetailsSchema } from "~/features/people/profile.schema";
import { changePassword, getProfile, updateProfile } from "~/features/people/profile.server";
import { getServerT, languageCookie } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser, type TenantContext } from "~/utils/tenant.server";
import { createToastHeader, redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["profile", "auth", "validation", "audit"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

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
  const latestExport = tab === "details" ? await latestPersonalDataExport(ctx, ctx.user.id) : null;
  return { title: pageTitle(t, `profile:tabs.${tab}`), tab, profile, twoFactor, latestExport };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTab(params.tab);
  const formData = await readForm(request);
  const ip = context.clientIp;
  if (tab === "two-factor") return twoFactorAction(request, ctx, formData, ip);
  if (tab === "details") return detailsAction(ctx, formData);
  return passwordAction(ctx, formData, ip);
}

/** Turns 2FA on (through /2fa/setup) or off (with the present password). */
async function twoFactorAction(request: Request, ctx: TenantContext, formData: FormData, ip: string) {
  if (formData.get("intent") === "enable") {
    const cookie = await startTwoFactorSetup(request, ctx, "/my/profile/two-factor");
    if (!cookie) return redirect("/my/profile/two-factor");
    return redirect("/2fa/setup", { headers: { "Set-Cookie": cookie } });
  }
  const submission = parseWithZod(formData, { schema: disableTwoFactorSchema });
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const result = await disableTwoFactor(ctx, submission.value.currentPassword, ip);
  if (!result.ok && result.retryAfter !== undefined) {
    return data(submission.reply({ formErrors: [result.errorKey], hideFields }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfter) },
    });
  }
  if (!result.ok) {
    const reply =
      result.errorKey === "validation:password.currentWrong"
        ? submission.reply({ fieldErrors: { currentPassword: [result.errorKey] }, hideFields })
        : submission.reply({ formErrors: [result.errorKey], hideFields });
    return data(reply, { status: 400 });
  }
  return redirectWithToast("/my/profile/two-factor", { key: "profile:twoFactor.disabled" });
}

async function detailsAction(ctx: TenantContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: profileDetailsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await updateProfile(ctx, submission.value);
  const headers = new Headers();
  headers.append("Set-Cookie", await languageCookie.serialize(submission.value.language));
  headers.append("Set-Cookie", await createToastHeader({ key: "profile:details.saved" }));
  return redirect("/my/profile/details", { headers });
}

async function passwordAction(ctx: TenantContext, formData: FormData, ip: string) {
  const submission = await parseNewPasswordForm(formData, currentPasswordField);
  const hideFields = ["currentPassword", ...newPasswordFieldNames];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const result = await changePassword(ctx, { ...submission.value, ip });
  if (!result.ok && "retryAfter" in result) {
    return data(submission.reply({ formErrors: ["auth:login.tooManyAttempts"], hideFields }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfter) },
    });
  }
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] }, hideFields }), { status: 400 });
  }
  return redirectWithToast("/my/profile/password", { key: "profile:password.saved" });
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const { tab, profile, twoFactor, latestExport } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("profile:title")}</h1>
      <Tabs
        label={t("profile:tabs.label")}
        baseHref="/my/profile"
        current={tab}
        tabs={profileTabs.map((key) => ({ key, label: t(`profile:tabs.${key}`) }))}
      />
      {tab === "details" ? (
        <>
          <ProfileDetailsForm profile={profile} lastResult={lastResult} />
          <PersonalDataLinks own latest={latestExport} />
        </>
      ) : tab === "password" ? (
        <ProfilePasswordForm lastResult={lastResult} />
      ) : (
        <ProfileTwoFactorPanel twoFactor={twoFactor} lastResult={lastResult} />
      )}
    </div>
  );
}

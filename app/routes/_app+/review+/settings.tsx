import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { CheckboxGroup, LevelSwatch } from "~/features/criteria/components/fields";
import { developmentRoles } from "~/features/criteria/development-roles";
import {
  languagesOfTexts,
  reviewerRoleOptions,
  reviewSettingsSchema,
} from "~/features/criteria/review-settings.schema";
import {
  getReviewSettings,
  reviewSettingsFormValues,
  updateReviewSettings,
} from "~/features/criteria/review-settings.server";
import { scaleLevels, scaleSizes } from "~/features/criteria/scales";
import { flowSettingsFrom } from "~/features/flow/flow-zones";
import { mayManageFlowSettings } from "~/features/flow/flows.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "review_settings.manage");
  const t = await getServerT(request);
  const settings = await getReviewSettings(ctx);
  // The flow part of the review settings (spec §3) is edited on flow/settings; here its summary and the way there.
  const flow = !ctx.modules.has("flow")
    ? ({ state: "off" } as const)
    : { state: mayManageFlowSettings(ctx) ? ("edit" as const) : ("read" as const), ...flowSettingsFrom(settings.flow) };
  return { title: pageTitle(t, "criteria:settings.title"), values: reviewSettingsFormValues(settings), flow };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "review_settings.manage");
  const submission = parseWithZod(await readForm(request), { schema: reviewSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await updateReviewSettings(ctx, submission.value);
  return redirectWithToast("/review/settings", { key: "criteria:settings.saved" });
}

export default function ReviewSettingsPage() {
  const { t } = useTranslation();
  const { values, flow } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "review-settings",
    lastResult,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSettingsSchema }),
  });
  const current = String(fields.currentScale.value ?? values.currentScale);
  const typedRoles = lastResult?.initialValue?.reviewerRoles;
  const selectedRoles = (
    typedRoles ? (Array.isArray(typedRoles) ? typedRoles : [typedRoles]) : values.reviewerRoles
  ) as string[];
  const languageName = (l: string) => t(`common:language.${l}`);
  const textFields = Object.keys(fields).filter((k) => /^(d\d_|role_)/.test(k)) as (keyof typeof fields)[];
  return (
    <div className="max-w-4xl">
      <h1 className="mb-4">{t("criteria:settings.title")}</h1>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          ...(["lowerPercent", "upperPercent", "employabilityPercent"] as const).map((name) => ({
            id: fields[name].id,
            label: t(`criteria:settings.${name}`),
            errors: fields[name].errors,
          })),
          {
            id: fields.reviewerRoles.id,
            label: t("criteria:settings.reviewerRoles"),
            errors: fields.reviewerRoles.errors,
          },
          ...textFields.map((name) => ({ id: fields[name].id, label: String(name), errors: fields[name].errors })),
        ]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-6">
        <section aria-labelledby="scale-title" className="rounded bg-white p-6 shadow-sm">
          <h2 id="scale-title">{t("criteria:settings.scale")}</h2>
          <fieldset className="mt-2">
            <legend className="font-medium">{t("criteria:settings.currentScale")}</legend>
            {scaleSizes.map((size) => (
              <div key={size} className="mt-3">
                <div className="flex items-center gap-2">
                  <input
                    type="radio"
                    id={`scale-${size}`}
                    name="currentScale"
                    value={size}
                    defaultChecked={current === String(size)}
                    className="h-5 w-5"
                  />
                  <label htmlFor={`scale-${size}`} className="font-medium">
                    {t("criteria:settings.scaleOf", { size })}
                  </label>
                </div>
                <ul
                  className="ml-7 mt-1 flex flex-wrap gap-4 text-sm"
                  aria-label={t("criteria:settings.scaleOf", { size })}
                >
                  {scaleLevels(size).map((level) => (
                    <li key={level.name}>
                      <LevelSwatch
                        level={level.name}
                        label={`${level.value} · ${t(`criteria:levels.${level.name}`)}`}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        </section>

        <section aria-labelledby="dimensions-title" className="rounded bg-white p-6 shadow-sm">
          <h2 id="dimensions-title">{t("criteria:settings.dimensions")}</h2>
          <p className="text-sm text-ink-muted">{t("criteria:settings.dimensionsHint")}</p>
          {([1, 2, 3] as const).map((d) => (
            <fieldset key={d} className="mt-4 border-t pt-4">
              <legend className="font-semibold">{t("criteria:settings.dimensionN", { n: d })}</legend>
              <div className="grid grid-cols-1 gap-x-6 md:grid-cols-3">
                {languagesOfTexts.map((l) => (
                  <div key={l}>
                    <Field
                      label={t("criteria:settings.dimensionName", { language: languageName(l) })}
                      errors={fields[`d${d}_name_${l}`].errors}
                      inputProps={getInputProps(fields[`d${d}_name_${l}`], { type: "text" })}
                    />
                    <Field
                      label={t("criteria:settings.dimensionLabel", { language: languageName(l) })}
                      errors={fields[`d${d}_label_${l}`].errors}
                      inputProps={getInputProps(fields[`d${d}_label_${l}`], { type: "text" })}
                    />
                  </div>
                ))}
              </div>
            </fieldset>
          ))}
        </section>

        <section aria-labelledby="roles-title" className="rounded bg-white p-6 shadow-sm">
          <h2 id="roles-title">{t("criteria:settings.roles")}</h2>
          <p className="text-sm text-ink-muted">{t("criteria:settings.rolesHint")}</p>
          {developmentRoles.map((r) => (
            <fieldset key={r.key} className="mt-4 border-t pt-4">
              <legend className="font-semibold">
                {r.id} · {t(`criteria:roles.${r.key}`)}
              </legend>
              <div className="grid grid-cols-1 gap-x-6 md:grid-cols-3">
                {languagesOfTexts.map((l) => (
                  <Field
                    key={l}
                    label={t("criteria:settings.roleLabel", { language: languageName(l) })}
                    errors={fields[`role_${r.key}_${l}`].errors}
                    inputProps={getInputProps(fields[`role_${r.key}_${l}`], { type: "text" })}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          <h3 className="mt-6 font-semibold">{t("criteria:settings.thresholds")}</h3>
          <p className="text-sm text-ink-muted">{t("criteria:settings.thresholdsHint")}</p>
          <div className="mt-2 grid grid-cols-1 gap-x-6 md:grid-cols-3">
            {(["lowerPercent", "upperPercent", "employabilityPercent"] as const).map((name) => (
              <Field
                key={name}
                label={t(`criteria:settings.${name}`)}
                errors={fields[name].errors}
                inputProps={{ ...getInputProps(fields[name], { type: "number" }), min: 1, max: 99 }}
              />
            ))}
          </div>
        </section>

        <section aria-labelledby="reviewers-title" className="rounded bg-white p-6 shadow-sm">
          <h2 id="reviewers-title">{t("criteria:settings.reviewers")}</h2>
          <div id={fields.reviewerRoles.id}>
            <CheckboxGroup
              legend={t("criteria:settings.reviewerRoles")}
              name="reviewerRoles"
              options={reviewerRoleOptions.map((role) => ({ value: role, label: t(`criteria:reviewerRoles.${role}`) }))}
              selected={selectedRoles}
            />
            <ErrorList errors={fields.reviewerRoles.errors} label={t("criteria:settings.reviewerRoles")} />
          </div>
        </section>

        <section aria-labelledby="peer-title" className="rounded bg-white p-6 shadow-sm">
          <h2 id="peer-title">{t("criteria:settings.peer")}</h2>
          <Field
            label={t("criteria:settings.peerAnonymityThreshold")}
            hint={t("criteria:settings.peerAnonymityThresholdHint")}
            errors={fields.peerAnonymityThreshold.errors}
            inputProps={{ ...getInputProps(fields.peerAnonymityThreshold, { type: "number" }), min: 3, max: 50 }}
          />
        </section>

        <section aria-labelledby="flow-title" className="rounded bg-white p-6 shadow-sm">
          <h2 id="flow-title">{t("criteria:settings.flow")}</h2>
          {flow.state === "off" ? (
            <p>{t("criteria:settings.flowOff")}</p>
          ) : (
            <>
              <p>{t("criteria:settings.flowSummary", flow)}</p>
              {flow.state === "edit" ? (
                <p className="mt-2">
                  <Link to="/flow/settings">{t("criteria:settings.flowEdit")}</Link>
                </p>
              ) : null}
            </>
          )}
        </section>

        <Button>{t("criteria:settings.submit")}</Button>
      </Form>
    </div>
  );
}

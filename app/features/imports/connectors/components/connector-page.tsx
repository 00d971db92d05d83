import { getFormProps, getInputProps, getSelectProps, type DefaultValue } from "@conform-to/react";
import type { $ZodType, input } from "zod/v4/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/ui/table";
import {
  Button,
  ErrorList,
  Field,
  FormErrorSummary,
  InputField,
  SelectInputField,
  useZodForm,
} from "~/components/ui/forms";
import type { ConnectorAction, ConnectorLoader } from "../connector-page.server";
import { connectorScheduleSchema, connectorSettingsSchema, scheduleList } from "../connector-settings";

type LoaderData = Awaited<ReturnType<ConnectorLoader>>;
type ActionData = Awaited<ReturnType<ConnectorAction>>;

/** One connector's page: its settings, "test connection", "import now", the schedule and its runs. */
export function ConnectorPage() {
  const { t } = useTranslation();
  const page = useLoaderData<LoaderData>();
  const actionData = useActionData<ActionData>() as unknown as
    { intent: string; reply: unknown; test: { ok: boolean; errorKey: string | null } | null } | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const k = page.kind;
  return (
    <div className="max-w-3xl">
      <h1 className="mb-2">{t(`import:connector.${k}.title`)}</h1>
      <p className="mb-6">{t(`import:connector.${k}.intro`)}</p>
      <SettingsForm key={`settings-${page.connector.savedAt}`} />
      {page.connector.configured ? (
        <section aria-labelledby="connector-actions" className="mb-8 rounded bg-white p-6 shadow-sm">
          <h2 id="connector-actions" className="mb-2">
            {t("import:connector.actions")}
          </h2>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="test" />
              <Button variant="secondary" disabled={busy}>
                {t("import:connector.test")}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="run" />
              <Button disabled={busy}>{t("import:connector.run")}</Button>
            </Form>
          </div>
          {actionData?.test ? (
            actionData.test.ok ? (
              <p role="status" className="mt-3 font-medium text-green-800">
                {t("import:connector.testOk")}
              </p>
            ) : (
              <p role="alert" className="mt-3 font-medium text-danger">
                {t(actionData.test.errorKey ?? "import:connector.errors.remote")}
              </p>
            )
          ) : null}
        </section>
      ) : null}
      {page.connector.configured ? <ScheduleForm key={`schedule-${page.connector.savedAt}`} /> : null}
      <section aria-labelledby="connector-runs">
        <h2 id="connector-runs" className="mb-2">
          {t("import:connector.runs")}
        </h2>
        {page.runs.length === 0 ? (
          <p>{t("import:connector.noRuns")}</p>
        ) : (
          <ul className="list-disc pl-6">
            {page.runs.map((r) => (
              <li key={r.id}>
                <Link to={r.path} className="underline">
                  {r.date}
                </Link>{" "}
                · {t(r.scheduled ? "import:connector.scheduledRun" : "import:connector.manualRun")} ·{" "}
                {t(`import:status.${r.status}`)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The reply to the page's `intent` form, when the last post was that form's (the page has two). */
function useReplyTo(intent: "settings" | "schedule") {
  const actionData = useActionData<ActionData>() as unknown as { intent: string; reply: never } | undefined;
  return actionData?.intent === intent ? actionData.reply : undefined;
}

/**
 * One of the page's two forms (`intent`): the page's data and conform's form with the reply to its last post;
 * its id names the connector kind (`${idPrefix}-${kind}`).
 */
function useConnectorForm<S extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
  intent: "settings" | "schedule",
  idPrefix: string,
  schema: S,
  defaultValue: (page: LoaderData) => DefaultValue<input<S>>,
) {
  const page = useLoaderData<LoaderData>();
  const [form, fields] = useZodForm(schema, {
    id: `${idPrefix}-${page.kind}`,
    lastResult: useReplyTo(intent),
    defaultValue: defaultValue(page),
  });
  return { page, form, fields };
}

function SettingsForm() {
  const { t } = useTranslation();
  const { page, form, fields } = useConnectorForm("settings", "connector", connectorSettingsSchema, (page) => ({
    url: page.connector.url,
    connectorName: page.connector.connectorName,
  }));
  const labels = {
    url: t(`import:connector.${page.kind}.url`),
    secret: t(`import:connector.${page.kind}.secret`),
    ...(page.kind === "afas" ? { connectorName: t("import:connector.afas.connectorName") } : {}),
  };
  return (
    <Section id="connector-settings" title={t("import:connector.settings")} className="mb-8">
      <FormErrorSummary form={form} fields={fields as never} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="settings" />
        <InputField meta={fields.url} label={labels.url} hint={t(`import:connector.${page.kind}.urlHint`)} type="url" />
        <InputField
          meta={fields.secret}
          label={labels.secret}
          hint={
            page.connector.configured
              ? t("import:connector.secretKept", { hint: page.connector.secretHint })
              : t("import:connector.secretHint")
          }
          type="password"
          autoComplete="new-password"
        />
        {page.kind === "afas" ? (
          <InputField
            meta={fields.connectorName}
            label={t("import:connector.afas.connectorName")}
            hint={t("import:connector.afas.connectorNameHint")}
          />
        ) : null}
        <Button>{t("import:connector.save")}</Button>
      </Form>
    </Section>
  );
}

function ScheduleForm() {
  const { t } = useTranslation();
  const { form, fields } = useConnectorForm("schedule", "schedule", connectorScheduleSchema, (page) => ({
    schedule: page.connector.schedule,
    weekday: String(page.connector.weekday),
    time: page.connector.time,
    autoApply: page.connector.autoApply ? "on" : undefined,
  }));
  const labels = {
    schedule: t("import:connector.schedule.label"),
    weekday: t("import:connector.schedule.weekday"),
    time: t("import:connector.schedule.time"),
  };
  return (
    <Section id="connector-schedule" title={t("import:connector.schedule.title")} className="mb-8">
      <p className="mb-2">{t("import:connector.schedule.intro")}</p>
      <FormErrorSummary form={form} fields={fields as never} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="schedule" />
        <SelectInputField
          meta={fields.schedule}
          label={labels.schedule}
          options={scheduleList.map((s) => ({ value: s, label: t(`import:connector.schedule.${s}`) }))}
        />
        <Field
          label={labels.weekday}
          hint={t("import:connector.schedule.weekdayHint")}
          errors={fields.weekday.errors}
          selectProps={getSelectProps(fields.weekday)}
          options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({
            value: String(d),
            label: t(`import:connector.schedule.days.${d}`),
          }))}
        />
        <Field
          label={labels.time}
          errors={fields.time.errors}
          inputProps={getInputProps(fields.time, { type: "time" })}
        />
        <div className="mb-4">
          <label className="flex items-start gap-2">
            <input {...getInputProps(fields.autoApply, { type: "checkbox", value: "on" })} className="mt-1" />
            <span>{t("import:connector.schedule.autoApply")}</span>
          </label>
          <ErrorList errors={fields.autoApply.errors} />
        </div>
        <Button>{t("import:connector.schedule.save")}</Button>
      </Form>
    </Section>
  );
}

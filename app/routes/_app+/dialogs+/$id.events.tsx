import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, DateInputField, FormErrorSummary, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { Section } from "~/components/ui/table";
import { addMeeting, listDialogEvents } from "~/features/dialogs/dialog-events.server";
import { meetingSchema } from "~/features/dialogs/dialogs.schema";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["dialogs", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The dialog's history, newest first, and meetings held (spec §2 dialogs/{id}/events, dialogs.edit). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.edit");
  const { dialog, events } = await listDialogEvents(ctx, params.id ?? "");
  const t = await getServerT(request);
  return { title: pageTitle(t, "dialogs:events.title"), dialogId: dialog.id, events };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.edit");
  const submission = parseWithZod(await readForm(request), { schema: meetingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("add", "dialog", () => addMeeting(ctx, params.id ?? "", submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/dialogs/${params.id}/events`, { key: "dialogs:toast.meeting" });
}

export default function DialogEventsPage() {
  const { t } = useTranslation();
  const { dialogId, events } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(meetingSchema, { id: "meeting", lastResult });
  const labels = { meetingDate: t("dialogs:meeting.date"), summary: t("dialogs:meeting.summary") };
  return (
    <div className="max-w-3xl">
      <p className="mb-2">
        <Link to={`/dialogs/${dialogId}`}>{t("dialogs:events.back")}</Link>
      </p>
      <h1 className="mb-4">{t("dialogs:events.title")}</h1>
      <Section id="meeting" title={t("dialogs:meeting.heading")}>
        <FormErrorSummary form={form} fields={fields} labels={labels} />
        <Form method="post" {...getFormProps(form)} noValidate>
          <DateInputField meta={fields.meetingDate} label={labels.meetingDate} />
          <TextareaInputField meta={fields.summary} label={labels.summary} rows={4} />
          <Button>{t("dialogs:meeting.add")}</Button>
        </Form>
      </Section>
      <h2 className="mb-2 mt-8">{t("dialogs:events.history")}</h2>
      <ol className="space-y-3" data-testid="dialog-events">
        {events.map((e) => (
          <li key={e.id} className="rounded bg-white p-3 shadow-sm">
            <p className="text-sm text-ink-muted">
              {t("dialogs:events.when", { date: formatDate(e.createdAt), who: e.actor ?? t("dialogs:events.someone") })}
            </p>
            {e.kind === "meeting" ? (
              <>
                <p className="font-medium">{t("dialogs:events.meeting", { date: formatDate(e.meetingDate) })}</p>
                <p className="whitespace-pre-line">{e.summary}</p>
              </>
            ) : (
              <p>{t(`dialogs:events.kinds.${e.kind}`, { detail: e.detail })}</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

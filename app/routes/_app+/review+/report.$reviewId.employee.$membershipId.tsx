import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { TextareaField } from "~/features/criteria/components/fields";
import { scaleColors } from "~/features/criteria/scales";
import { useAverage } from "~/features/reviews/components/results-ui";
import { employeeReport, setDevelopmentGoal } from "~/features/reviews/person-results.server";
import { resultTexts } from "~/features/reviews/result-texts.server";
import reportStyles from "~/styles/employee-report.css";
import { formatDate } from "~/utils/dates";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["results", "criteria", "validation"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const goalSchema = z.object({
  goal: z.string().trim().max(2000, "results:report.goalTooLong").optional(),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const report = await employeeReport(ctx, params.reviewId ?? "", params.membershipId ?? "");
  const t = await getServerT(request);
  const texts = await resultTexts(ctx, await getLanguage(request), t as never);
  const name = `${report.subject.firstName} ${report.subject.lastName}`.trim();
  return { title: `${t("results:report.title", { name })} · ${t("common:appName")}`, report, texts };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const submission = parseWithZod(await request.formData(), { schema: goalSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await setDevelopmentGoal(
    ctx,
    params.reviewId ?? "",
    params.membershipId ?? "",
    submission.value.goal ?? "",
  );
  if (!result.ok) return data(submission.reply({ fieldErrors: { goal: ["results:report.locked"] } }), { status: 400 });
  const url = new URL(request.url);
  return redirect(url.pathname, {
    headers: { "Set-Cookie": await createToastHeader({ key: "results:report.goalSaved" }) },
  });
}

export default function EmployeeReportPage() {
  const { t } = useTranslation();
  const { report, texts } = useLoaderData<typeof loader>();
  const average = useAverage();
  const { review, subject } = report;
  const name = `${subject.firstName} ${subject.lastName}`.trim();
  const roleLabel = texts.roles.find((r) => r.id === subject.developmentRole)?.label ?? t("results:noRole");
  const keys = ["performance", "potential", "employability"] as const;
  return (
    <article className="report max-w-4xl">
      <p className="no-print flex flex-wrap gap-4">
        {review.roundId ? (
          <Link to={`/review/result/${review.roundId}/grid?team=${review.id}`}>{t("results:backToResults")}</Link>
        ) : null}
        <Link to={`/review/${review.id}/compare/${subject.membershipId}`}>{t("results:report.toCompare")}</Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <h1>{t("results:report.title", { name })}</h1>
        <PrintButton />
      </div>
      {!review.isFinished ? (
        <p className="mb-4 mt-2 rounded border-l-4 border-warning bg-warning-bg p-4">
          {t("results:compare.notFinished")}
        </p>
      ) : null}
      <dl className="avoid-break mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
        <dt className="font-medium">{t("results:report.review")}</dt>
        <dd>{review.name}</dd>
        <dt className="font-medium">{t("results:report.date")}</dt>
        <dd>{formatDate(review.finishedAt ?? review.deadline)}</dd>
        <dt className="font-medium">{t("results:table.team")}</dt>
        <dd>{review.teamName}</dd>
        <dt className="font-medium">{t("results:report.reviewers", { count: report.reviewers.length })}</dt>
        <dd>{report.reviewers.join(", ") || "–"}</dd>
        <dt className="font-medium">{t("results:report.role")}</dt>
        <dd data-testid="report-role">{roleLabel}</dd>
        {texts.dimensions.map((d, i) => (
          <div key={d.dimension} className="contents">
            <dt className="font-medium">{d.name}</dt>
            <dd>{average(subject[keys[i]])}</dd>
          </div>
        ))}
      </dl>
      {texts.dimensions.map((d) => (
        <section key={d.dimension} aria-labelledby={`dimension-${d.dimension}`} className="mt-6">
          <h2 id={`dimension-${d.dimension}`} className="mb-2">
            {d.name}
          </h2>
          <table className="w-full bg-white text-left shadow-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="w-1/4 p-2">
                  {t("results:compare.criterion")}
                </th>
                <th scope="col" className="w-1/6 p-2">
                  {t("results:report.score")}
                </th>
                <th scope="col" className="p-2">
                  {t("results:report.characteristic")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.criteria
                .filter((c) => c.dimension === d.dimension)
                .map((c) => (
                  <tr key={c.id} className="border-b align-top last:border-0">
                    <th scope="row" className="p-2 font-normal">
                      {c.name}
                    </th>
                    <td className="p-2">
                      {c.level ? (
                        <span className="inline-flex items-center gap-1 whitespace-nowrap">
                          <span
                            aria-hidden="true"
                            className="inline-block h-3 w-3 rounded-sm"
                            style={{ backgroundColor: scaleColors[c.level] }}
                          />
                          {c.score} {t(`criteria:levels.${c.level}`)}
                        </span>
                      ) : (
                        "–"
                      )}
                    </td>
                    <td className="p-2" data-testid={`characteristic-${c.id}`}>
                      {c.characteristic || "–"}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ))}
      <section aria-labelledby="goal-heading" className="avoid-break mt-6">
        <h2 id="goal-heading" className="mb-2">
          {t("results:report.goal")}
        </h2>
        <p className="whitespace-pre-line" data-testid="report-goal">
          {subject.developmentGoal || t("results:report.noGoal")}
        </p>
        <GoalForm goal={subject.developmentGoal} locked={review.locked} />
      </section>
    </article>
  );
}

/** Only with JavaScript (window.print); without it the browser's own print command does the same. */
function PrintButton() {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="no-print rounded border border-gray-400 bg-white px-4 py-2 font-medium"
    >
      {t("results:report.print")}
    </button>
  );
}

function GoalForm({ goal, locked }: { goal: string; locked: boolean }) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "development-goal",
    lastResult,
    defaultValue: { goal },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: goalSchema }),
  });
  if (locked) return <p className="no-print mt-2 text-ink-muted">{t("results:report.lockedHint")}</p>;
  const label = t("results:report.goalLabel");
  return (
    <div className="no-print mt-4">
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[{ id: fields.goal.id, label, errors: fields.goal.errors }]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-4 shadow-sm">
        <TextareaField
          label={label}
          hint={t("results:report.goalHint")}
          errors={fields.goal.errors}
          textareaProps={{ ...getTextareaProps(fields.goal), rows: 4 }}
        />
        <Button>{t("results:report.saveGoal")}</Button>
      </Form>
    </div>
  );
}

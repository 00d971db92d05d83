import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PrintButton } from "~/components/print-button";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { ListTable } from "~/components/ui/table";
import { Field } from "~/components/ui/forms";
import { formatDate } from "~/utils/dates";
import type { employeeReportLoader } from "../compare-route.server";
import { developmentGoalSchema } from "../development-goal.schema";
import { averageKeys, LevelValue, PersonResultLinks, useAverage, usePersonTexts } from "./results-ui";

/** A person's report of one team review: scores per dimension with characteristics, and the development goal. */
export function EmployeeReportPage() {
  const { t } = useTranslation();
  const { report, texts } = useLoaderData<typeof employeeReportLoader>();
  const average = useAverage();
  const { review, subject } = report;
  const { name, roleLabel } = usePersonTexts(subject, texts.roles);
  return (
    <article className="report max-w-4xl">
      <PersonResultLinks
        review={review}
        href={`/review/${review.id}/compare/${subject.membershipId}`}
        label={t("results:report.toCompare")}
      />
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <h1>{t("results:report.title", { name })}</h1>
        <PrintButton label={t("results:report.print")} />
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
            <dd>{average(subject[averageKeys[i]])}</dd>
          </div>
        ))}
      </dl>
      {texts.dimensions.map((d) => (
        <section key={d.dimension} aria-labelledby={`dimension-${d.dimension}`} className="mt-6">
          <h2 id={`dimension-${d.dimension}`} className="mb-2">
            {d.name}
          </h2>
          <ListTable
            sticky={false}
            columns={[
              { label: t("results:compare.criterion") },
              { label: t("results:report.score") },
              { label: t("results:report.characteristic") },
            ]}
          >
            {report.criteria
              .filter((c) => c.dimension === d.dimension)
              .map((c) => (
                <tr key={c.id} className="border-b align-top last:border-0">
                  <th scope="row" className="p-2 font-normal">
                    {c.name}
                  </th>
                  <td className="p-2">
                    <LevelValue score={c.score} level={c.level} />
                  </td>
                  <td className="p-2" data-testid={`characteristic-${c.id}`}>
                    {c.characteristic || "–"}
                  </td>
                </tr>
              ))}
          </ListTable>
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

function GoalForm({ goal, locked }: { goal: string; locked: boolean }) {
  const { t } = useTranslation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: "development-goal",
    lastResult,
    defaultValue: { goal },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: developmentGoalSchema }),
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
        <Field
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

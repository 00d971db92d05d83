import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/ui/checkbox";
import { Button, FormErrorSummary, useZodForm } from "~/components/ui/forms";
import {
  erasePersonAs,
  erasureRefusals,
  openReviewsOf,
  requireErasablePerson,
} from "~/features/privacy/erasure.server";
import { erasureConfirmSchema } from "~/features/privacy/retention.schema";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { personName } from "~/utils/person-name";
import { refusal } from "~/utils/refusal.server";
import { readForm } from "~/utils/read-form.server";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["audit", "employees"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The confirm step of an erasure (decision 1560): what goes, what stays, why it is refused if it is. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const person = await requireErasablePerson(ctx, params.id);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "audit:erasure.title"),
    membershipId: person.membershipId,
    name: personName(person.firstName, person.lastName, person.email),
    refusals: await erasureRefusals(ctx, person.userId),
    // The reviews and peer rounds a refusal is about, by name, so the admin knows where to go (1890).
    openReviews: await openReviewsOf(ctx.accountId, person.userId),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const person = await requireErasablePerson(ctx, params.id);
  const submission = parseWithZod(await readForm(request), { schema: erasureConfirmSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await erasePersonAs(ctx, context.clientIp ?? null, person.userId);
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/personnel/users/removed", { key: "audit:erasure.done" });
}

export default function ErasePersonPage() {
  const { t } = useTranslation();
  const { membershipId, name, refusals, openReviews } = useLoaderData<typeof loader>();
  const reviewsOf = (key: string) =>
    key === "audit:erasure.refused.openPeerReview"
      ? openReviews.filter((r) => r.peer)
      : key === "audit:erasure.refused.openReview"
        ? openReviews.filter((r) => !r.peer)
        : [];
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(erasureConfirmSchema, { id: "erase", lastResult });
  const back = `/personnel/user/${membershipId}/details`;
  return (
    <div className="max-w-2xl rounded bg-white p-6 shadow-sm">
      <h1 className="mb-4">{t("audit:erasure.title")}</h1>
      <p className="mb-4">{t("audit:erasure.question", { name })}</p>
      <ul className="mb-4 list-disc space-y-1 pl-6">
        <li>{t("audit:erasure.removes")}</li>
        <li>{t("audit:erasure.keeps")}</li>
        <li>{t("audit:erasure.final")}</li>
      </ul>
      {refusals.length > 0 ? (
        <>
          <div role="alert" className="mb-4 rounded border-2 border-danger bg-danger-bg p-4">
            <h2 className="text-lg font-semibold">{t("audit:erasure.refusedHeading")}</h2>
            <ul className="mt-2 list-disc pl-6">
              {refusals.map((key) => (
                <li key={key}>
                  {t(key)}
                  {reviewsOf(key).length > 0 ? (
                    <ul className="mt-1 list-disc pl-6">
                      {reviewsOf(key).map((r, i) => (
                        <li key={i}>{r.teamName ? `${r.name} (${r.teamName})` : r.name}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
          <Link to={back}>{t("employees:cancel")}</Link>
        </>
      ) : (
        <>
          <FormErrorSummary form={form} fields={fields} labels={{ confirm: t("audit:erasure.confirm") }} />
          <Form method="post" {...getFormProps(form)} noValidate>
            <CheckboxField
              label={t("audit:erasure.confirm", { name })}
              errors={fields.confirm.errors}
              inputProps={getInputProps(fields.confirm, { type: "checkbox" })}
            />
            <div className="mt-4 flex items-center gap-4">
              <Button variant="danger">{t("audit:erasure.submit")}</Button>
              <Link to={back}>{t("employees:cancel")}</Link>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}

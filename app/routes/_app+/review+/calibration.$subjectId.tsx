import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { PageHeader } from "~/components/ui/table";
import { CalibrationMoveForm } from "~/features/calibration/components/calibration-move-form";
import { CalibrationHistoryTable, useRoleName } from "~/features/calibration/components/calibration-tables";
import { calibrationMoveSchema } from "~/features/calibration/calibration.schema";
import { calibratePlacement, subjectCalibration } from "~/features/calibration/calibration.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * One person's placement in a finished team review (docs/decisions/1610): computed and placed role, every
 * move with who, when and why, and the form that moves them (a reason is required; undoing is a move back).
 * Outside the actor's team scope, another cluster or an unfinished review: 404.
 */
export const handle = { i18n: ["calibration", "results", "criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const [subject, { t, texts }] = await Promise.all([
    subjectCalibration(ctx, params.subjectId ?? ""),
    requestResultTexts(request, ctx),
  ]);
  return {
    title: `${subject.person.name} · ${pageTitle(t, "calibration:move.title")}`,
    roles: texts.roles.map((r) => ({ id: r.id, label: r.label })),
    subject,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const submission = parseWithZod(await readForm(request), { schema: calibrationMoveSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const subjectId = params.subjectId ?? "";
  const result = await calibratePlacement(ctx, subjectId, submission.value);
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/review/calibration/${subjectId}`, { key: "calibration:moved" });
}

export default function CalibrationMovePage() {
  const { t } = useTranslation();
  const { subject, roles } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const roleName = useRoleName(roles);
  const back = `/review/calibration${subject.roundId ? `?round=${subject.roundId}` : ""}`;
  return (
    <div className="max-w-3xl">
      <p className="mb-2">
        <AppLink href={back}>{t("calibration:move.back")}</AppLink>
      </p>
      <PageHeader title={t("calibration:move.heading", { name: subject.person.name })} />
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 rounded bg-white p-4 shadow-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t("calibration:move.round")}</dt>
        <dd>{subject.roundName}</dd>
        <dt className="font-medium">{t("calibration:move.team")}</dt>
        <dd>{subject.teamName}</dd>
        <dt className="font-medium">{t("calibration:people.computed")}</dt>
        <dd>{roleName(subject.originalRole)}</dd>
        <dt className="font-medium">{t("calibration:people.placed")}</dt>
        <dd data-testid="placed-role">{roleName(subject.placedRole)}</dd>
      </dl>
      <section aria-labelledby="calibration-move-title" className="mt-6 rounded bg-white p-6 shadow-sm">
        <h2 id="calibration-move-title">{t("calibration:move.formTitle")}</h2>
        {subject.locked ? (
          <p className="mt-2">{t("calibration:errors.locked")}</p>
        ) : (
          <CalibrationMoveForm lastResult={lastResult ?? undefined} placedRole={subject.placedRole} roles={roles} />
        )}
      </section>
      <section aria-labelledby="calibration-history-title" className="mt-6">
        <h2 id="calibration-history-title">{t("calibration:history.title")}</h2>
        <div className="mt-3">
          <CalibrationHistoryTable moves={subject.moves} roles={roles} />
        </div>
      </section>
    </div>
  );
}

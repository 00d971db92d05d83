import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useBeforeUnload,
  useBlocker,
  useFetcher,
  useLoaderData,
  useNavigation,
  useOutlet,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { ScaleLegend, ScoreToggle } from "~/components/ui/score-toggle";
import { TextareaField } from "~/features/criteria/components/fields";
import { dimensionTexts, getReviewSettings, roleLabels } from "~/features/criteria/review-settings.server";
import type { ScaleSize } from "~/features/criteria/scales";
import {
  OFF,
  changedFields,
  formValueOf,
  isComplete,
  nextSubjectId,
  scoreField,
  selectedSubjectId,
} from "~/features/reviews/evaluation-form";
import { saveMemberForm } from "~/features/reviews/evaluation.server";
import { getEvaluation, requireTeamReview } from "~/features/reviews/team-reviews.server";
import { formatDate } from "~/utils/dates";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["evaluation", "criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const evaluation = await getEvaluation(ctx, params.id ?? "");
  const [settings, language, t] = await Promise.all([
    getReviewSettings(ctx),
    getLanguage(request),
    getServerT(request),
  ]);
  const { review, criteria, subjects, scores } = evaluation;
  const roles = roleLabels(settings, language, t as never);
  const roleLabel = (id: number | null) => roles.find((r) => r.id === id)?.label ?? null;
  const selectedId = selectedSubjectId(subjects, criteria.length, new URL(request.url).searchParams.get("member"));
  const selected = subjects.find((s) => s.id === selectedId) ?? null;
  const own = scores.filter((s) => s.subjectId === selectedId);
  return {
    title: `${review.name} · ${pageTitle(t, "evaluation:title")}`,
    review: {
      id: review.id,
      name: evaluation.round?.name ?? review.name,
      teamName: review.teamName,
      deadline: formatDate(review.deadline),
      scale: evaluation.scale,
      readOnly: review.lockedAt ? ("locked" as const) : review.isFinished ? ("finished" as const) : null,
    },
    dimensions: dimensionTexts(settings, language, t as never),
    criteria: criteria.map((c) => ({
      criterionId: c.criterionId,
      dimension: c.dimension,
      name: c.name,
      description: c.description,
      characteristics: c.characteristics,
    })),
    members: subjects.map((s) => ({
      id: s.id,
      name: `${s.firstName} ${s.lastName}`.trim(),
      scoredCount: s.scoredCount,
      complete: isComplete(s.scoredCount, criteria.length),
      role: roleLabel(s.developmentRole),
    })),
    selected: selected
      ? {
          id: selected.id,
          name: `${selected.firstName} ${selected.lastName}`.trim(),
          values: Object.fromEntries(
            criteria.map((c) => [c.criterionId, formValueOf(own.find((s) => s.criterionId === c.criterionId)?.score)]),
          ),
          developmentGoal: selected.developmentGoal,
          dimensionScores: [selected.performance, selected.potential, selected.employability],
          role: roleLabel(selected.developmentRole),
          nextId: nextSubjectId(subjects, selected.id),
        }
      : null,
  };
}

const memberFormSchema = z.object({
  intent: z.enum(["save", "saveNext"]).default("save"),
  subjectId: z.uuid(),
  autosave: z.literal("1").optional(),
  score: z.record(z.string(), z.string()).optional(),
  developmentGoal: z.string().max(4000, "evaluation:errors.goalTooLong").optional(),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const review = await requireTeamReview(ctx, params.id ?? "");
  const formData = await request.formData();
  const t = await getServerT(request);
  const autosave = formData.get("autosave") === "1";
  const submission = parseWithZod(formData, { schema: memberFormSchema });
  if (submission.status !== "success") {
    if (autosave) {
      const key = Object.values(submission.error ?? {}).flat()[0] ?? "evaluation:errors.invalidScore";
      return data({ ok: false as const, message: t(key, { name: t("evaluation:developmentGoal") }) }, { status: 422 });
    }
    return data(submission.reply(), { status: 400 });
  }
  const { subjectId, intent, score } = submission.value;
  // Conform turns an emptied textarea into undefined; an empty goal is a change too.
  const developmentGoal = formData.has("developmentGoal") ? String(formData.get("developmentGoal")) : undefined;
  const result = await saveMemberForm(ctx, review.id, { subjectId, scores: score ?? {}, developmentGoal });
  if (!result.ok) {
    const key = `evaluation:errors.${result.code}`;
    if (autosave) return data({ ok: false as const, message: t(key) }, { status: 422 });
    const reply = result.criterionId
      ? submission.reply({ fieldErrors: { [scoreField(result.criterionId)]: [key] } })
      : submission.reply({ formErrors: [key] });
    return data(reply, { status: 422 });
  }
  if (autosave) return { ok: true as const, message: t("evaluation:autosave.saved") };
  const evaluation = await getEvaluation(ctx, review.id);
  const member = intent === "saveNext" ? nextSubjectId(evaluation.subjects, subjectId) : subjectId;
  return redirect(`/review/evaluation/${review.id}?member=${member}`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "evaluation:saved" }) },
  });
}

export default function EvaluationRoute() {
  const outlet = useOutlet();
  return outlet ?? <EvaluationPage />;
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function EvaluationPage() {
  const { t } = useTranslation();
  const { review, dimensions, criteria, members, selected } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/teamreviews/overview">{t("evaluation:backToOverview")}</Link>
      </p>
      <h1 className="mt-2">{review.name}</h1>
      <dl className="mt-2 grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("evaluation:team")}</dt>
        <dd>{review.teamName}</dd>
        <dt className="font-medium">{t("evaluation:deadline")}</dt>
        <dd>{review.deadline || "–"}</dd>
      </dl>
      <ScaleLegend scale={review.scale as ScaleSize} />
      {review.readOnly ? (
        <p className="my-4 rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t(`evaluation:readOnly.${review.readOnly}`)}
        </p>
      ) : null}
      <p className="my-4 flex flex-wrap gap-4">
        <Link to={`/review/evaluation/${review.id}/criteria`}>{t("evaluation:criteriaLink")}</Link>
        {review.readOnly ? null : (
          <Link to={`/review/evaluation/${review.id}/finish`}>{t("evaluation:finishLink")}</Link>
        )}
      </p>
      {members.length === 0 || !selected ? (
        <p>{t("evaluation:noMembers")}</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
          <nav aria-label={t("evaluation:members")}>
            <h2 className="text-lg">{t("evaluation:members")}</h2>
            <ul className="mt-2 space-y-1">
              {members.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`?member=${m.id}`}
                    aria-current={m.id === selected.id ? "page" : undefined}
                    className={`block rounded px-2 py-1 ${m.id === selected.id ? "bg-brand-50 font-semibold" : ""}`}
                  >
                    {m.name}
                    <span className="block text-sm font-normal text-ink-muted">
                      {t("evaluation:progress", {
                        done: Math.min(m.scoredCount, criteria.length),
                        total: criteria.length,
                      })}
                      {m.role ? ` · ${m.role}` : ""}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <MemberForm
            key={selected.id}
            reviewId={review.id}
            scale={review.scale as ScaleSize}
            readOnly={Boolean(review.readOnly)}
            dimensions={dimensions}
            criteria={criteria}
            selected={selected}
          />
        </div>
      )}
    </>
  );
}

type Reply = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };

function MemberForm({
  reviewId,
  scale,
  readOnly,
  dimensions,
  criteria,
  selected,
}: {
  reviewId: string;
  scale: ScaleSize;
  readOnly: boolean;
  dimensions: LoaderData["dimensions"];
  criteria: LoaderData["criteria"];
  selected: NonNullable<LoaderData["selected"]>;
}) {
  const { t, i18n } = useTranslation();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  // Without JavaScript a refused save comes back here: show what was typed, with the errors.
  const reply = actionData?.initialValue?.subjectId === selected.id ? actionData : undefined;
  const typedScores = (reply?.initialValue?.score ?? {}) as Record<string, string>;
  const typedGoal = reply?.initialValue ? String(reply.initialValue.developmentGoal ?? "") : undefined;
  const errors = reply?.error ?? {};
  const autoSave = useAutoSave(readOnly, {
    ...Object.fromEntries(Object.entries(selected.values).map(([id, v]) => [scoreField(id), v])),
    developmentGoal: selected.developmentGoal,
  });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const summaryErrors = criteria
    .filter((c) => errors[scoreField(c.criterionId)]?.length)
    .map((c) => ({ id: `score-${c.criterionId}`, label: c.name, errors: errors[scoreField(c.criterionId)] }));
  return (
    <section aria-labelledby="member-heading">
      <h2 id="member-heading" className="text-xl">
        {selected.name}
      </h2>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {dimensions.map((d, i) => (
          <div key={d.dimension}>
            <dt className="inline font-medium">{d.name}: </dt>
            <dd className="inline">
              {selected.dimensionScores[i] === null ? "–" : number.format(selected.dimensionScores[i]!)}
            </dd>
          </div>
        ))}
        <div>
          <dt className="inline font-medium">{t("evaluation:role")}: </dt>
          <dd className="inline">{selected.role ?? t("evaluation:noRole")}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <ErrorSummary formErrors={errors[""]} fieldErrors={summaryErrors} />
      </div>
      <Form
        method="post"
        action={`/review/evaluation/${reviewId}?member=${selected.id}`}
        ref={autoSave.formRef}
        onChange={autoSave.onChange}
        onSubmit={autoSave.onSubmit}
        className="rounded bg-white p-4 shadow-sm"
      >
        <input type="hidden" name="subjectId" value={selected.id} />
        {dimensions.map((d) => {
          const inDimension = criteria.filter((c) => c.dimension === d.dimension);
          return (
            <section key={d.dimension} aria-labelledby={`dimension-${d.dimension}`} className="mb-6">
              <h3 id={`dimension-${d.dimension}`} className="text-lg">
                {d.name}
              </h3>
              <p className="mb-2 text-sm text-ink-muted">{d.label}</p>
              {inDimension.length === 0 ? <p>{t("evaluation:noCriteria")}</p> : null}
              {inDimension.map((c) => (
                <ScoreToggle
                  key={c.criterionId}
                  criterion={c}
                  scale={scale}
                  name={scoreField(c.criterionId)}
                  defaultValue={typedScores[c.criterionId] ?? selected.values[c.criterionId] ?? OFF}
                  disabled={readOnly}
                  errors={errors[scoreField(c.criterionId)]}
                />
              ))}
            </section>
          );
        })}
        <TextareaField
          label={t("evaluation:developmentGoal")}
          hint={t("evaluation:developmentGoalHint")}
          errors={errors.developmentGoal}
          textareaProps={{
            id: "developmentGoal",
            name: "developmentGoal",
            defaultValue: typedGoal ?? selected.developmentGoal,
            readOnly,
            maxLength: 4000,
          }}
        />
        <p role="status" aria-live="polite" className={`mb-3 min-h-6 ${autoSave.error ? "text-danger" : ""}`}>
          {autoSave.status}
        </p>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="save">
              {t("evaluation:save")}
            </Button>
            <Button name="intent" value="saveNext" variant="secondary">
              {t("evaluation:saveNext")}
            </Button>
          </div>
        )}
      </Form>
    </section>
  );
}

const AUTOSAVE_SECONDS = 3;

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form))
    if (name.startsWith("score.") || name === "developmentGoal") values[name] = String(value);
  return values;
}

/**
 * With JavaScript: a change starts a countdown; at zero a fetcher sends only the fields that differ
 * from what was last saved. Leaving with unsaved changes asks first (spec §5).
 */
function useAutoSave(readOnly: boolean, initial: Record<string, string>) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const baseline = useRef(initial);
  const sent = useRef<Record<string, string> | null>(null);
  const submitting = useRef(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const navigation = useNavigation();

  // A full-page save (the buttons) ends with fresh loader data: that is what was saved.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (navigation.state !== "idle") return;
    submitting.current = false;
    if (sent.current === null) baseline.current = JSON.parse(initialKey) as Record<string, string>;
  }, [navigation.state, initialKey]);

  const save = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const changed = changedFields(baseline.current, formValues(form));
    if (Object.keys(changed).length === 0) {
      setResult({ ok: true, message: t("evaluation:autosave.saved") });
      return;
    }
    sent.current = changed;
    const subjectId = (form.elements.namedItem("subjectId") as HTMLInputElement).value;
    fetcher.submit(
      { ...changed, subjectId, autosave: "1", intent: "save" },
      { method: "post", action: form.getAttribute("action") ?? undefined },
    );
  }, [fetcher, t]);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown === 0) {
      setCountdown(null);
      save();
      return;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown, save]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !sent.current) return;
    const answer = fetcher.data as { ok?: boolean; message?: string };
    if (answer.ok) baseline.current = { ...baseline.current, ...sent.current };
    sent.current = null;
    setResult({ ok: Boolean(answer.ok), message: answer.message ?? "" });
  }, [fetcher.state, fetcher.data]);

  const dirty = !readOnly && (countdown !== null || fetcher.state !== "idle" || (result !== null && !result.ok));
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty && !submitting.current) event.preventDefault();
      },
      [dirty],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(t("evaluation:autosave.leave"))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  let status = "";
  if (countdown !== null) status = t("evaluation:autosave.in", { n: countdown });
  else if (fetcher.state !== "idle") status = t("evaluation:autosave.saving");
  else if (result) status = result.message;
  return {
    formRef,
    status,
    error: result !== null && !result.ok && countdown === null && fetcher.state === "idle",
    onChange: () => {
      if (readOnly) return;
      setResult(null);
      setCountdown(AUTOSAVE_SECONDS);
    },
    onSubmit: (_event: FormEvent<HTMLFormElement>) => {
      submitting.current = true;
      setCountdown(null);
    },
  };
}

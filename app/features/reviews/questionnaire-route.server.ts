import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type * as z from "zod";
import { dimensionTexts, getReviewSettings } from "~/features/criteria/review-settings.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import type { TenantContext } from "~/utils/tenant.server";
import { failedWriteMessage, writeOrRefuse } from "~/utils/action-failed.server";
import { refusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { withViewPreference } from "~/utils/view-preferences.server";

/**
 * The route shape of a review questionnaire (self and peer; docs/decisions/1502): what its loader shows of the
 * criteria, and its action — parse, save, answer an auto-save with JSON and a form post with the form's errors or
 * a redirect. A review type hands its namespace, schema, save and where the page is.
 */

type CriterionKeys = "criterionId" | "dimension" | "name" | "description" | "characteristics";
type Criterion = {
  criterionId: string;
  dimension: number;
  name: string;
  description: unknown;
  characteristics: unknown;
};

/** The dimension names in the reader's language and the criteria as the questionnaire form shows them. */
export async function questionnaireTexts<C extends Criterion>(
  ctx: TenantContext,
  request: Request,
  criteria: readonly C[],
) {
  const [settings, language, t] = await Promise.all([
    getReviewSettings(ctx),
    getLanguage(request),
    getServerT(request),
  ]);
  return {
    t,
    settings,
    dimensions: dimensionTexts(settings, language, t as never),
    criteria: criteria.map((c): Pick<C, CriterionKeys> => ({
      criterionId: c.criterionId,
      dimension: c.dimension,
      name: c.name,
      description: c.description,
      characteristics: c.characteristics,
    })),
  };
}

/** What a save answers: ok, or a code (`<ns>:errors.<code>`) and the field it belongs to, if one. */
export type QuestionnaireSave = { ok: true } | { ok: false; code: string; field: string | null };

export async function questionnaireAction<V extends { intent?: string }>(
  request: Request,
  formData: FormData,
  type: {
    ns: "peerreviews" | "selfreviews";
    schema: z.ZodType<V>;
    /** The questionnaire's page; "finish" goes to `${base}/finish`. */
    base: string;
    save: (value: V) => Promise<QuestionnaireSave>;
  },
) {
  const t = await getServerT(request);
  const autosave = formData.get("autosave") === "1";
  const notSaved = `${type.ns}:errors.notSaved`;
  const submission = parseWithZod(formData, { schema: type.schema });
  if (submission.status !== "success") {
    if (autosave) return data({ ok: false as const, message: t(notSaved) }, { status: 422 });
    return data(submission.reply({ formErrors: [notSaved] }), { status: 400 });
  }
  // A save that fails past its checks comes back as the form's refusal, with every score typed (decision 1840).
  const result = await writeOrRefuse("save", "score", () => type.save(submission.value));
  if (!result.ok && "writeFailed" in result) {
    if (autosave)
      return data({ ok: false as const, message: failedWriteMessage(t, result) }, { status: result.status });
    return refusal(submission, result);
  }
  if (!result.ok) {
    const key = `${type.ns}:errors.${result.code}`;
    if (autosave) return data({ ok: false as const, message: `${t(notSaved)} ${t(key)}` }, { status: 422 });
    const reply = result.field
      ? submission.reply({ formErrors: [notSaved], fieldErrors: { [result.field]: [key] } })
      : submission.reply({ formErrors: [notSaved, key] });
    return data(reply, { status: 422 });
  }
  if (autosave) return { ok: true as const, message: t("evaluation:autosave.saved") };
  if (submission.value.intent === "finish") return redirect(`${type.base}/finish`);
  const saved = await redirectWithToast(type.base, { key: `${type.ns}:questionnaire.saved` });
  return withViewPreference(request, formData, saved);
}

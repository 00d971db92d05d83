import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { refusalStatus } from "~/utils/refusal.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { Errors, SelfReviewWizardState, Values } from "./components/self-review-wizard";
import { selfReviewCreateSchema, selfReviewStepOneSchema } from "./self-review-create.schema";
import { selfReviewStepTwo, type CreateSelfReviewInput } from "./self-review-create.server";
import { formList, rawStepOneValues } from "./team-review-wizard";

/** The wizard's texts: self reviews' or peer rounds' (the same steps, decision 1021). */
type Ns = "selfreviews" | "peerreviews";
type CreateResult =
  | { ok: true; reviewId: string }
  | { ok: false; field: string | null; code: string; status?: number; writeFailed?: true };

type WizardAnswer = ReturnType<typeof data<SelfReviewWizardState>>;

/** What step one's fields hold as typed, to show them again. */
export function wizardValues(formData: FormData): Values {
  return { ...rawStepOneValues(formData), roundId: String(formData.get("roundId") ?? "") };
}

export function wizardErrorKey(ns: Ns, code: string): string {
  if (code === "date") return "validation:date";
  if (code === "deadlinePast" || code === "setRequired") return `teamreviews:errors.${code}`;
  return `${ns}:errors.${code}`;
}

export function wizardFieldErrors(ns: Ns, error: Record<string, string[] | null> | undefined): Errors {
  const own = (key: string) =>
    key === "selfreviews:errors.participantsRequired" ? `${ns}:errors.participantsRequired` : key;
  return Object.fromEntries(Object.entries(error ?? {}).map(([k, v]) => [k, v?.map(own)]));
}

/** A refused step with everything typed: 400, or a failed write's 409/503 (`refusalStatus`, decision 1840). */
export const badWizardStep = (body: SelfReviewWizardState, status = 400) =>
  data<SelfReviewWizardState>(body, { status });

/**
 * The action of the self and peer round wizards (review/create/selfreview, peerreviews/create): "back" and
 * "next" move between details and people (step one checked again each time, its fields carried as hidden
 * inputs), "create" checks both steps and calls `create`; its refusals land next to their field, on the
 * step that holds it (`detailsFields`), with everything typed kept.
 */
export async function selfReviewWizardAction(
  ctx: TenantContext,
  formData: FormData,
  options: {
    ns: Ns;
    create: (ctx: TenantContext, input: CreateSelfReviewInput) => Promise<CreateResult>;
    detailsFields: readonly string[];
    created: (reviewId: string) => Promise<Response>;
  },
): Promise<WizardAnswer | Response> {
  const { ns } = options;
  const intent = formData.get("intent");
  const values = wizardValues(formData);
  // A form sent without a button (Enter in a field) creates, as the last step's first button does.
  const step = intent ?? "create";
  if (step === "back") return data<SelfReviewWizardState>({ form: "details", values, errors: {}, formError: null });
  if (step !== "next" && step !== "create") throw new Response("Bad request", { status: 400 });

  // Step one is checked for "next" and, as hidden fields, again for "create".
  const stepOne = parseWithZod(formData, { schema: selfReviewStepOneSchema });
  if (stepOne.status !== "success") {
    const errors = wizardFieldErrors(ns, stepOne.error ?? undefined);
    return badWizardStep({ form: "details", values, errors, formError: null });
  }
  const stepTwo = await selfReviewStepTwo(ctx, stepOne.value);
  if (step === "next") {
    if (stepTwo.participants.length === 0)
      return badWizardStep({ form: "details", values, errors: {}, formError: `${ns}:errors.noCandidates` });
    const people = { stepTwo, participantIds: null, criterionIds: [] };
    return data<SelfReviewWizardState>({ form: "people", values, errors: {}, formError: null, ...people });
  }

  const people = (errors: Errors, formError: string | null, status?: number) =>
    badWizardStep(
      {
        form: "people",
        values,
        errors,
        formError,
        stepTwo,
        participantIds: formList(formData.getAll("participantIds")),
        criterionIds: formList(formData.getAll("criterionIds")),
      },
      status,
    );
  const submission = parseWithZod(formData, { schema: selfReviewCreateSchema });
  if (submission.status !== "success") return people(wizardFieldErrors(ns, submission.error ?? undefined), null);
  const result = await options.create(ctx, submission.value);
  if (result.ok) return options.created(result.reviewId);
  const error = wizardErrorKey(ns, result.code);
  if (result.field && options.detailsFields.includes(result.field))
    return badWizardStep({ form: "details", values, errors: { [result.field]: [error] }, formError: null });
  if (result.field) return people({ [result.field]: [error] }, null);
  return people({}, error, refusalStatus(result));
}

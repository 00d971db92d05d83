import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImportColumnsStep } from "~/features/imports/components/import-columns-step";
import { ImportProgress } from "~/features/imports/components/import-progress";
import { ImportReviewStep } from "~/features/imports/components/import-review-step";
import { ImportSummary } from "~/features/imports/components/import-summary";
import { WizardStepList } from "~/features/imports/components/wizard-step-list";
import { postReviewStep, type ReviewPost } from "~/features/imports/import-review.server";
import { shownEnd } from "~/features/imports/import-apply-contracts.server";
import { mapsContracts } from "~/features/imports/import-fields";
import { fteNeedsWarning } from "~/features/imports/import-values";
import { isReviewStep, metasOfStep, reviewSteps, type ReviewStep } from "~/features/imports/import-steps";
import {
  chooseSheet,
  getImport,
  listChanges,
  listImportRows,
  lookupNewPeople,
  saveColumns,
} from "~/features/imports/imports.server";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { errorText } from "~/components/ui/forms";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusalStatus } from "~/utils/refusal.server";

export const handle = { i18n: ["import", "employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function stepOf(request: Request): ReviewStep {
  const step = new URL(request.url).searchParams.get("step");
  return isReviewStep(step) ? step : "missing";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.import");
  const item = await getImport(ctx, params.id ?? "");
  const t = await getServerT(request);
  const step = stepOf(request);
  const base = {
    title: pageTitle(t, "import:wizard.title"),
    id: item.id,
    fileName: item.fileName,
    /** A connector import (AFAS, Polaris) fetches instead of reading a file. */
    connector: item.source === "afas" || item.source === "polaris",
    status: item.status,
    errorKey: item.errorKey,
    errorValues: item.errorValues,
    rowsDone: item.rowsDone,
    rowsTotal: item.rowsTotal,
    counts: item.counts,
    applied: item.applied,
    headers: item.headers,
    step,
  };
  if (item.status === "columns") {
    return {
      ...base,
      columns: {
        mapping: item.mapping,
        sheetNames: item.sheetNames,
        sheet: item.sheet,
        sample: await listImportRows(ctx, item.id, "sample"),
      },
      review: null,
    };
  }
  if (item.status === "review") {
    const changes = await listChanges(ctx, item.id, [...metasOfStep[step]]);
    const lookups = step === "new" ? await lookupNewPeople(ctx, changes) : new Map();
    return {
      ...base,
      columns: null,
      review: {
        contractsMapped: mapsContracts(item.mapping),
        // "Restore first" links to the removed people, a page of users.manage.
        mayRestore: ctx.rights.has("users.manage"),
        problems: step === "missing" ? await listImportRows(ctx, item.id, "problems") : [],
        changes: changes.map((c) => ({
          id: c.id,
          label: c.label,
          meta: c.meta,
          field: c.field,
          oldValue: c.oldValue,
          newValue: c.newValue,
          email: c.meta === "NEW_PERSON" ? (c.data?.email ?? null) : null,
          team: c.meta === "NEW_PERSON" ? (c.data?.team ?? null) : null,
          fileEmail: c.meta === "NEW_PERSON" ? (c.data?.fileEmail ?? null) : null,
          lookup: lookups.get(c.id) ?? null,
          contract:
            c.meta === "NEW_CONTRACT" && c.data
              ? {
                  start: formatDate(c.data.start),
                  end: formatDate(shownEnd(c.data.end)),
                  fte: Number(c.data.fte),
                  fteWarning: fteNeedsWarning(Number(c.data.fte)),
                  update:
                    c.field === "contractUpdate"
                      ? {
                          fte: Number(c.data.oldFte),
                          end: formatDate(shownEnd(c.data.oldEnd)),
                        }
                      : null,
                }
              : null,
          decision: c.decision,
        })),
      },
    };
  }
  return { ...base, columns: null, review: null };
}

const chosenDecisions = ["accepted", "rejected", "endContract"] as const;
type ChosenDecision = (typeof chosenDecisions)[number];
const isChosenDecision = (value: unknown): value is ChosenDecision =>
  (chosenDecisions as readonly unknown[]).includes(value);

function decisionsFrom(form: FormData) {
  const decisions: { id: string; decision: ChosenDecision }[] = [];
  for (const [key, value] of form.entries()) {
    if (key.startsWith("d.") && isChosenDecision(value)) decisions.push({ id: key.slice(2), decision: value });
  }
  return decisions;
}

/** "Choose another e-mail address" fields of the new step: `email.<change id>`. */
function emailsFrom(form: FormData) {
  return [...form.entries()]
    .filter(([key]) => key.startsWith("email."))
    .map(([key, value]) => ({ id: key.slice(6), email: String(value) }));
}

type Reply = {
  errorKey?: string;
  /** The column whose choice the error is about (columns step). */
  errorColumn?: string;
  mapping?: Record<string, string>;
  /** The sheet chosen, when reading it failed, and that failure's message next to it. */
  sheet?: number;
  sheetErrorKey?: string;
  confirmPending: number;
  /** The confirmation box as posted (a failed write shows it ticked again). */
  confirmed?: boolean;
  emailErrors?: Record<string, string>;
  emailValues?: Record<string, string>;
  /** The decisions as ticked, when their write failed. */
  decisions?: Record<string, string>;
};
/**
 * The wizard's own questions and refusals (a column chosen twice, undecided changes to confirm, another
 * e-mail address) are steps of the conversation, answered 200 with the message next to its field: a 4xx
 * is reported as an error by browsers and their monitoring (decision 1622). A write that failed past its
 * checks (`writeOrRefuse`) is no question: the step as posted, with its 409/503 (decisions 1840, 1925).
 * Failures of the request itself (rights, tenancy, a gone import) keep their 4xx.
 */
const reply = (body: Partial<Reply>, result: object = {}) =>
  data<Reply>({ confirmPending: 0, ...body }, { status: refusalStatus(result, 200) });

/** The button of a review step's post, as the service takes it; null for an unknown one. */
function thenOf(intent: string, form: FormData): ReviewPost["then"] | null {
  const all = intent.startsWith("all-") ? intent.slice(4) : null;
  if (isChosenDecision(all)) return { all };
  if (intent === "next" || intent === "apply") return { move: intent, confirmed: form.get("confirm") === "on" };
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.import");
  const item = await getImport(ctx, params.id ?? "");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = `/import/excel/${item.id}`;
  switch (intent) {
    case "sheet": {
      const sheet = Number(form.get("sheet"));
      const result = await writeOrRefuse("save", "import", () => chooseSheet(ctx, item.id, sheet));
      if (!result.ok) return reply({ sheetErrorKey: result.errorKey, sheet }, result);
      return redirect(here);
    }
    case "columns": {
      const mapping = Object.fromEntries(
        [...form.entries()].filter(([k]) => k.startsWith("col.")).map(([k, v]) => [k.slice(4), String(v)]),
      );
      const result = await writeOrRefuse("save", "import", () => saveColumns(ctx, item.id, mapping));
      if (!result.ok)
        return reply(
          { errorKey: result.errorKey, errorColumn: "column" in result ? result.column : undefined, mapping },
          result,
        );
      return redirect(here);
    }
  }
  const step = stepOf(request);
  const then = thenOf(intent, form);
  if (!then) return reply({ errorKey: "import:errors.state" });
  const decisions = decisionsFrom(form);
  const emails = step === "new" ? emailsFrom(form) : null;
  const result = await writeOrRefuse("save", "import", () =>
    postReviewStep(ctx, item.id, { metas: [...metasOfStep[step]], emails, decisions, then }),
  );
  if (result.ok) {
    if (result.applied) return redirectWithToast(here, { key: "import:apply.done" });
    const next = "all" in then ? step : reviewSteps[reviewSteps.indexOf(step) + 1];
    return redirect(`${here}?step=${next}`);
  }
  if ("emailErrors" in result) return reply({ emailErrors: result.emailErrors, emailValues: valuesOf(emails) });
  if ("confirmPending" in result) return reply({ confirmPending: result.confirmPending });
  // Applying refused, or a write failed: the step comes back as it was posted.
  const confirmed = "confirmed" in then && then.confirmed;
  return reply(
    {
      errorKey: result.errorKey,
      emailValues: valuesOf(emails),
      decisions: Object.fromEntries(decisions.map((d) => [d.id, d.decision])),
      confirmed,
      // The box is shown again as posted, with the number it was shown with.
      confirmPending: confirmed ? Number(form.get("pending")) || 0 : 0,
    },
    result,
  );
}

const valuesOf = (emails: { id: string; email: string }[] | null) =>
  emails ? Object.fromEntries(emails.map((e) => [e.id, e.email])) : undefined;

export default function ImportWizardPage() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const working = page.status === "parsing" || page.status === "comparing";
  return (
    <>
      <h1 className="mb-1">{t("import:wizard.title")}</h1>
      <p className="mb-4 text-ink-muted">{page.fileName}</p>
      <WizardStepList status={page.status} step={page.step} />
      {working ? (
        <ImportProgress
          status={page.status}
          done={page.rowsDone}
          total={page.rowsTotal}
          source={page.connector ? page.fileName : undefined}
        />
      ) : null}
      {page.status === "failed" ? (
        <div role="alert" className="rounded border-l-4 border-danger bg-white p-4">
          <p>{t(page.errorKey ?? "import:errors.corrupt", page.errorValues)}</p>
          <Link to="/import" className="underline">
            {t("import:wizard.again")}
          </Link>
        </div>
      ) : null}
      {page.columns ? (
        <ImportColumnsStep
          headers={page.headers}
          mapping={actionData?.mapping ?? page.columns.mapping}
          sample={page.columns.sample}
          sheetNames={page.columns.sheetNames}
          sheet={actionData?.sheet ?? page.columns.sheet}
          sheetErrorKey={actionData?.sheetErrorKey}
          errorKey={actionData?.errorKey}
          errorColumn={actionData?.errorColumn}
        />
      ) : null}
      {page.review ? (
        <>
          {actionData?.errorKey ? (
            <p role="alert" className="mb-4 text-danger">
              {errorText(t, actionData.errorKey)}
            </p>
          ) : null}
          <ImportReviewStep
            key={page.step}
            importId={page.id}
            step={page.step}
            changes={withDecisions(page.review.changes, actionData?.decisions)}
            problems={page.review.problems}
            headers={page.headers}
            contractsMapped={page.review.contractsMapped}
            mayRestore={page.review.mayRestore}
            confirmPending={actionData?.confirmPending}
            confirmed={actionData?.confirmed}
            emailErrors={actionData?.emailErrors}
            emailValues={actionData?.emailValues}
          />
        </>
      ) : null}
      {page.status === "applied" ? (
        <section>
          <h2 className="mb-2">{t("import:complete.title")}</h2>
          <ImportSummary counts={page.counts} applied={page.applied} />
          <Link to={`/import/view/${page.id}`} className="underline">
            {t("import:complete.history")}
          </Link>
        </section>
      ) : null}
    </>
  );
}

/** The changes with the decisions as posted, when their write failed (what was ticked is not lost). */
function withDecisions<C extends { id: string; decision: string }>(changes: C[], posted?: Record<string, string>) {
  return posted ? changes.map((c) => ({ ...c, decision: posted[c.id] ?? c.decision })) : changes;
}

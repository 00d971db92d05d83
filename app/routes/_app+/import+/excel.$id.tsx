import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImportColumnsStep } from "~/features/imports/components/import-columns-step";
import { ImportProgress } from "~/features/imports/components/import-progress";
import { ImportReviewStep } from "~/features/imports/components/import-review-step";
import { ImportSummary } from "~/features/imports/components/import-summary";
import { WizardStepList } from "~/features/imports/components/wizard-step-list";
import { applyImport } from "~/features/imports/import-apply.server";
import { shownEnd } from "~/features/imports/import-apply-contracts.server";
import { mapsContracts } from "~/features/imports/import-fields";
import { fteNeedsWarning } from "~/features/imports/import-values";
import { isReviewStep, metasOfStep, reviewSteps, type ReviewStep } from "~/features/imports/import-steps";
import {
  chooseSheet,
  countPending,
  getImport,
  listChanges,
  listImportRows,
  lookupNewPeople,
  saveColumns,
  saveDecisions,
  saveNewEmails,
} from "~/features/imports/imports.server";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

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
  confirmPending: number;
  emailErrors?: Record<string, string>;
  emailValues?: Record<string, string>;
};
/**
 * The wizard's own questions and refusals (a column chosen twice, undecided changes to confirm, another
 * e-mail address) are steps of the conversation, answered 200 with the message next to its field: a 4xx
 * is reported as an error by browsers and their monitoring (decision 1622). Failures of the request
 * itself (rights, tenancy, a gone import) keep their 4xx.
 */
const reply = (body: Partial<Reply>) => data<Reply>({ confirmPending: 0, ...body }, { status: 200 });

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.import");
  const item = await getImport(ctx, params.id ?? "");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = `/import/excel/${item.id}`;
  switch (intent) {
    case "sheet":
      await chooseSheet(ctx, item.id, Number(form.get("sheet")));
      return redirect(here);
    case "columns": {
      const mapping = Object.fromEntries(
        [...form.entries()].filter(([k]) => k.startsWith("col.")).map(([k, v]) => [k.slice(4), String(v)]),
      );
      const result = await saveColumns(ctx, item.id, mapping);
      if (!result.ok) return reply({ errorKey: result.errorKey, errorColumn: result.column, mapping });
      return redirect(here);
    }
  }
  // The review steps: the new people's addresses are saved first, whatever the button.
  const step = stepOf(request);
  const metas = [...metasOfStep[step]];
  if (step === "new") {
    const emails = emailsFrom(form);
    const saved = await saveNewEmails(ctx, item.id, emails);
    if (!saved.ok) {
      // The decisions are kept; the typed addresses come back with the message next to each.
      await saveDecisions(ctx, item.id, { decisions: decisionsFrom(form) });
      return reply({ emailErrors: saved.errors, emailValues: Object.fromEntries(emails.map((e) => [e.id, e.email])) });
    }
  }
  const allDecision = intent.startsWith("all-") ? intent.slice(4) : null;
  if (isChosenDecision(allDecision)) {
    await saveDecisions(ctx, item.id, { decisions: decisionsFrom(form), all: { metas, decision: allDecision } });
    return redirect(`${here}?step=${step}`);
  }
  switch (intent) {
    case "next":
    case "apply": {
      await saveDecisions(ctx, item.id, { decisions: decisionsFrom(form) });
      // Moving on with unresolved changes asks for a confirmation first (spec §4).
      const pending = await countPending(ctx, item.id, intent === "apply" ? undefined : metas);
      if (pending > 0 && form.get("confirm") !== "on") return reply({ confirmPending: pending });
      if (intent === "next") return redirect(`${here}?step=${reviewSteps[reviewSteps.indexOf(step) + 1]}`);
      const result = await applyImport(ctx, item.id);
      if (!result.ok) return reply({ errorKey: result.errorKey });
      return redirectWithToast(here, { key: "import:apply.done" });
    }
    default:
      return reply({ errorKey: "import:errors.state" });
  }
}

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
          sheet={page.columns.sheet}
          errorKey={actionData?.errorKey}
          errorColumn={actionData?.errorColumn}
        />
      ) : null}
      {page.review ? (
        <>
          {actionData?.errorKey ? (
            <p role="alert" className="mb-4 text-danger">
              {t(actionData.errorKey)}
            </p>
          ) : null}
          <ImportReviewStep
            key={page.step}
            importId={page.id}
            step={page.step}
            changes={page.review.changes}
            problems={page.review.problems}
            headers={page.headers}
            contractsMapped={page.review.contractsMapped}
            mayRestore={page.review.mayRestore}
            confirmPending={actionData?.confirmPending}
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

import { Form, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { ListTable, Row } from "~/components/ui/table";
import { formatNumber } from "~/utils/format";
import { reviewSteps, type ReviewStep } from "../import-steps";
import { ImportProblems, type ProblemRow } from "./import-problems";

export type ReviewChange = {
  id: string;
  label: string;
  meta: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  email: string | null;
  team: string | null;
  /** NEW_PERSON whose address was changed in the wizard: the file's address. */
  fileEmail?: string | null;
  /** NEW_PERSON: the e-mail lookup for the signed-in user (1241). */
  lookup?: { outcome: string; canConnect: boolean } | null;
  contract: {
    start: string;
    end: string;
    fte: number;
    fteWarning?: boolean;
    /** An update of the person's current contract: its values now (decision 1621). */
    update?: { fte: number; end: string } | null;
  } | null;
  decision: string;
};

type Props = {
  importId: string;
  step: ReviewStep;
  changes: ReviewChange[];
  problems: ProblemRow[];
  headers: string[];
  contractsMapped: boolean;
  mayRestore?: boolean;
  confirmPending?: number;
  /** The confirmation box as posted (ticked again after a failed write). */
  confirmed?: boolean;
  emailErrors?: Record<string, string>;
  emailValues?: Record<string, string>;
};

/** The lookup message of the personnel wizard (employees namespace), and what accepting does. */
function lookupTexts(lookup: NonNullable<ReviewChange["lookup"]>) {
  const { outcome, canConnect } = lookup;
  const messageKey =
    outcome === "foundActiveElsewhere"
      ? `employees:lookup.foundActiveElsewhere.${canConnect ? "canConnect" : "supervisor"}`
      : `employees:lookup.${outcome}`;
  const submit =
    outcome === "notFound"
      ? "create"
      : outcome === "foundNotMember" || (outcome === "foundActiveElsewhere" && canConnect)
        ? "connect"
        : outcome === "foundMemberInactive"
          ? "activate"
          : null;
  return { messageKey, acceptKey: submit ? `employees:wizard.submit.${submit}` : null };
}

function NewPersonDetails({
  change,
  mayRestore,
  error,
  typed,
}: {
  change: ReviewChange;
  mayRestore?: boolean;
  error?: string;
  typed?: string;
}) {
  const { t } = useTranslation();
  const lookup = change.lookup;
  const email = change.email ?? "";
  const texts = lookup ? lookupTexts(lookup) : null;
  const fine = texts?.acceptKey !== null;
  // Another account's address: choose another one (kept, with the file's address, in the history).
  // A typed address that was not saved (a failed write, 1925) is shown again in its field.
  const choose = lookup?.outcome === "foundOtherAccount" || Boolean(change.fileEmail) || Boolean(error || typed);
  const inputId = `email-${change.id}`;
  return (
    <>
      <p>{[email, change.team].filter(Boolean).join(" · ")}</p>
      {change.fileEmail ? (
        <p className="text-sm text-ink-muted">{t("import:new.fileEmail", { email: change.fileEmail })}</p>
      ) : null}
      {texts ? (
        <p
          data-testid="lookup-outcome"
          data-outcome={lookup!.outcome}
          className={`text-sm font-medium ${fine ? "" : "text-danger"}`}
        >
          {t(texts.messageKey, { email })}
          {lookup!.outcome === "foundTrashedInAccount" && mayRestore ? (
            <>
              {" "}
              <Link to={`/personnel/users/removed?q=${encodeURIComponent(email)}`} className="underline">
                {t("employees:wizard.toRemoved")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {choose ? (
        <div className="mt-1">
          <label htmlFor={inputId} className="block text-sm">
            {t("import:new.otherEmail", { name: change.label })}
          </label>
          <input
            id={inputId}
            name={`email.${change.id}`}
            type="email"
            defaultValue={typed ?? ""}
            maxLength={254}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="w-full max-w-xs rounded border px-2 py-1"
          />
          {error ? (
            <p id={`${inputId}-error`} className="text-sm text-danger">
              {t(error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function DecisionRadios({
  change,
  step,
  acceptLabel,
}: {
  change: ReviewChange;
  step: ReviewStep;
  acceptLabel?: string;
}) {
  const { t } = useTranslation();
  // People not in the file: keep, deactivate, or end their contract (1240).
  const options: { value: string; label: string }[] =
    step === "missing"
      ? [
          { value: "rejected", label: t("import:decide.keep") },
          { value: "accepted", label: t("import:decide.deactivate") },
          { value: "endContract", label: t("import:decide.endContract") },
        ]
      : [
          { value: "accepted", label: acceptLabel ?? t("import:decide.accept") },
          { value: "rejected", label: t("import:decide.reject") },
        ];
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
      <legend className="sr-only">{t("import:decide.legend", { name: change.label })}</legend>
      {options.map(({ value, label }) => (
        <label key={value} className="flex items-center gap-1">
          <input type="radio" name={`d.${change.id}`} value={value} defaultChecked={change.decision === value} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

type CellOptions = { mayRestore?: boolean; emailErrors?: Record<string, string>; emailValues?: Record<string, string> };

/** The cells of a change's row before its decision, per step (`Row` puts each in its cell). */
function changeCells(change: ReviewChange, step: ReviewStep, t: TFunction, language: string, options: CellOptions) {
  const fte = (value: number) => formatNumber(value, language, { minimumFractionDigits: 1 });
  if (step === "contracts") {
    const update = change.contract?.update;
    const was = (before: string, after: string) => (before === after ? after : `${before || "—"} → ${after || "—"}`);
    return [
      change.label,
      t(update ? "import:contracts.update" : "import:contracts.new"),
      update ? was(change.oldValue ?? "", change.newValue ?? "") : change.newValue,
      change.contract?.start,
      update ? was(update.end, change.contract?.end ?? "") : change.contract?.end,
      <>
        {change.contract ? (update ? was(fte(update.fte), fte(change.contract.fte)) : fte(change.contract.fte)) : ""}
        {change.contract?.fteWarning ? (
          <p className="text-sm font-medium text-danger" data-testid="fte-warning">
            {t("import:contracts.fteWarning", { max: fte(1) })}
          </p>
        ) : null}
      </>,
    ];
  }
  if (step === "missing") return [change.label];
  if (step === "new") {
    return [
      change.label,
      change.meta === "NEW_TEAM" ? (
        t("import:new.team")
      ) : (
        <NewPersonDetails
          change={change}
          mayRestore={options.mayRestore}
          error={options.emailErrors?.[change.id]}
          typed={options.emailValues?.[change.id]}
        />
      ),
    ];
  }
  const warn = change.field === "employeeNumber" && change.oldValue;
  // A team or a team leadership is an addition: the person stays where they are (never a move).
  const addition = change.field === "team" || change.field === "teamLeader";
  return [
    change.label,
    t(`import:fields.${change.field}`),
    addition && change.oldValue ? t("import:changes.stays", { teams: change.oldValue }) : (change.oldValue ?? "—"),
    <>
      {addition
        ? t(change.field === "team" ? "import:changes.teamAdded" : "import:changes.leaderAdded", {
            team: change.newValue,
          })
        : change.newValue}
      {warn ? <p className="text-sm font-medium text-danger">{t("import:changes.employeeNumberWarning")}</p> : null}
    </>,
  ];
}

function acceptLabelOf(change: ReviewChange, t: TFunction): string | undefined {
  if (!change.lookup) return undefined;
  const { acceptKey } = lookupTexts(change.lookup);
  return acceptKey ? t(acceptKey) : undefined;
}

/** One review step (missing, new, changes): a decision per change, "for all" buttons, and the rows with problems. */
export function ImportReviewStep({
  importId,
  step,
  changes,
  problems,
  headers,
  contractsMapped,
  mayRestore,
  confirmPending,
  confirmed,
  emailErrors,
  emailValues,
}: Props) {
  const { t, i18n } = useTranslation();
  const index = reviewSteps.indexOf(step);
  const previous = index > 0 ? reviewSteps[index - 1] : null;
  const last = index === reviewSteps.length - 1;
  const columns =
    step === "missing"
      ? [t("import:missing.person")]
      : step === "new"
        ? [t("import:new.name"), t("import:new.details")]
        : step === "contracts"
          ? [
              t("import:changes.person"),
              t("import:contracts.kind"),
              t("import:fields.position"),
              t("import:fields.contractStart"),
              t("import:fields.contractEnd"),
              t("import:fields.fte"),
            ]
          : [t("import:changes.person"), t("import:changes.field"), t("import:changes.old"), t("import:changes.new")];
  return (
    <>
      {step === "missing" ? <ImportProblems rows={problems} headers={headers} /> : null}
      <Form method="post" action={`/import/excel/${importId}?step=${step}`} className="rounded bg-white p-4 shadow-sm">
        <h2 className="mb-2">{t(`import:${step}.title`)}</h2>
        <p className="mb-4 max-w-2xl">{t(`import:${step}.intro`)}</p>
        {confirmPending ? (
          <div role="alert" className="mb-4 border-l-4 border-danger bg-red-50 p-3">
            <p className="font-medium">{t("import:confirm.text", { count: confirmPending })}</p>
            <label className="mt-2 flex items-center gap-2">
              <input type="checkbox" name="confirm" value="on" defaultChecked={confirmed} />
              {/* The number asked about, so that a failed write can show the box as it was (1925). */}
              <input type="hidden" name="pending" value={confirmPending} />
              {t("import:confirm.label")}
            </label>
          </div>
        ) : null}
        {changes.length === 0 ? (
          <p className="mb-4">
            {t(step === "contracts" && !contractsMapped ? "import:contracts.notMapped" : `import:${step}.empty`)}
          </p>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap gap-2">
              <Button variant="secondary" name="intent" value="all-accepted">
                {step === "missing" ? t("import:decide.allDeactivate") : t("import:decide.allAccept")}
              </Button>
              <Button variant="secondary" name="intent" value="all-rejected">
                {step === "missing" ? t("import:decide.allKeep") : t("import:decide.allReject")}
              </Button>
              {step === "missing" ? (
                <Button variant="secondary" name="intent" value="all-endContract">
                  {t("import:decide.allEndContract")}
                </Button>
              ) : null}
            </div>
            <ListTable
              caption={t(`import:${step}.title`)}
              columns={[...columns, t("import:decide.column")]}
              sticky={false}
              className="mb-4 w-full text-left"
            >
              {changes.map((change) => (
                <Row
                  key={change.id}
                  cells={[
                    ...changeCells(change, step, t, i18n.language, { mayRestore, emailErrors, emailValues }),
                    // Keyed by the decision: a saved "for all" shows at once (defaultChecked is read on mount only).
                    <DecisionRadios
                      key={change.decision}
                      change={change}
                      step={step}
                      acceptLabel={acceptLabelOf(change, t)}
                    />,
                  ]}
                />
              ))}
            </ListTable>
          </>
        )}
        <div className="flex flex-wrap items-center gap-4">
          {last ? (
            <Button name="intent" value="apply">
              {t("import:apply.submit")}
            </Button>
          ) : (
            <Button name="intent" value="next">
              {t("import:decide.next")}
            </Button>
          )}
          {previous ? (
            <Link to={`/import/excel/${importId}?step=${previous}`} className="underline">
              {t("import:decide.back")}
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}

/** Client-safe: the wizard's steps (spec §4) and where an import of a given status is shown. */
export const wizardSteps = ["upload", "columns", "missing", "new", "changes", "contracts", "complete"] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const importStatusList = ["parsing", "columns", "comparing", "review", "applied", "failed"] as const;
export type ImportStatusName = (typeof importStatusList)[number];

/** Finished imports open in the history view; the others in the wizard. */
export function importStepPath(id: string, status: string): string {
  return status === "applied" ? `/import/view/${id}` : `/import/excel/${id}`;
}

/** The review steps: missing, new, changes, contracts (spec §4). */
export const reviewSteps = ["missing", "new", "changes", "contracts"] as const;
export type ReviewStep = (typeof reviewSteps)[number];

export function isReviewStep(value: string | null): value is ReviewStep {
  return (reviewSteps as readonly (string | null)[]).includes(value);
}

/** The change metas shown in each review step. */
export const metasOfStep = {
  missing: ["NOT_IN_IMPORT"],
  new: ["NEW_TEAM", "NEW_PERSON"],
  changes: ["CHANGED"],
  contracts: ["NEW_CONTRACT"],
} as const;

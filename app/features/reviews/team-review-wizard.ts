import type { SubmissionResult } from "@conform-to/react";
import type { TeamReviewStepOne } from "./team-review-create.schema";

/**
 * The two steps of the team review wizard (review/create/teamreview) as the action returns them: step 1
 * (details, with conform's result) and step 2 (people, with the step-1 values carried in hidden fields).
 * Client-safe: the route's action builds these, the wizard's components render them.
 */

export type StepOneValues = { name: string; deadline: string; teamIds: string[]; tagIds: string[]; setId: string };

export type WizardPerson = { membershipId: string; name: string; teamId: string; teamName: string };

export type StepOne = { step: 1; result: SubmissionResult<string[]> | null; values: Partial<StepOneValues> | null };

export type StepTwo = {
  step: 2;
  values: StepOneValues;
  leaders: WizardPerson[];
  members: WizardPerson[];
  selectedLeaders: string[] | null;
  selectedMembers: string[] | null;
  formError: string | null;
  fieldErrors: { leaderIds?: string[]; memberIds?: string[] };
};

/** The non-empty string values of a multi-valued form field. */
export const formList = (v: FormDataEntryValue[]) => v.filter((x): x is string => typeof x === "string" && x !== "");

/** Step 1's fields as typed, to show them again after "back". */
export function rawStepOneValues(formData: FormData): StepOneValues {
  return {
    name: String(formData.get("name") ?? ""),
    deadline: String(formData.get("deadline") ?? ""),
    teamIds: formList(formData.getAll("teamIds")),
    tagIds: formList(formData.getAll("tagIds")),
    setId: String(formData.get("setId") ?? ""),
  };
}

export function stepOneValues(v: TeamReviewStepOne): StepOneValues {
  return { name: v.name, deadline: v.deadline, teamIds: v.teamIds, tagIds: v.tagIds, setId: v.setId };
}

const errorKeys: Record<string, string> = {
  noLeaders: "teamreviews:errors.noLeaders",
  noMembers: "teamreviews:errors.noMembers",
  setRequired: "teamreviews:errors.setRequired",
  deadlinePast: "teamreviews:errors.deadlinePast",
  date: "validation:date",
};

/** The message key of a createTeamReview refusal. */
export function createErrorKey(code: string) {
  return errorKeys[code] ?? "teamreviews:errors.createFailed";
}

/** Groups a person's places: one checkbox per person, labelled with their teams. */
export function peopleOptions(people: WizardPerson[]) {
  const byId = new Map<string, { value: string; name: string; teams: string[] }>();
  for (const p of people) {
    const entry = byId.get(p.membershipId) ?? { value: p.membershipId, name: p.name, teams: [] };
    if (!entry.teams.includes(p.teamName)) entry.teams.push(p.teamName);
    byId.set(p.membershipId, entry);
  }
  return [...byId.values()].map((e) => ({ value: e.value, label: `${e.name} (${e.teams.join(", ")})` }));
}

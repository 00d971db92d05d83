/** Browser-safe value lists of the dialogs tables (db/schema/dialogs.ts). */

/** Spec §4 "Dialog: started, finished, archived". */
export const dialogStates = ["started", "finished", "archived"] as const;
export type DialogState = (typeof dialogStates)[number];

/** What a dialog event records (spec §2 dialogs/{id}/events): who changed what, and meetings held. */
export const dialogEventKinds = [
  "created",
  "objective",
  "goalAdded",
  "goalEdited",
  "goalArchived",
  "goalRestored",
  "initiativeAdded",
  "initiativeEdited",
  "initiativeCompleted",
  "linkAdded",
  "linkRemoved",
  "actionAdded",
  "actionCompleted",
  "actionReopened",
  "actionRemoved",
  "progress",
  "finished",
  "archived",
  "reopened",
  "meeting",
] as const;
export type DialogEventKind = (typeof dialogEventKinds)[number];

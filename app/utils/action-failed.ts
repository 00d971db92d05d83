import type { MissingItem } from "./not-found";

/**
 * Spec §8's generic errors of an add, update, delete, merge, assign or save that failed, naming the type of item:
 * "Tag niet verwijderd. Er is niets gewijzigd." (`common:actionFailed.*`, the item's name from `common:items`,
 * decision 1703). The toast (or form error) a failed write answers with, next to `notFound(item)`'s 404.
 */
export const actionKinds = ["add", "update", "delete", "merge", "assign", "save"] as const;
export type ActionKind = (typeof actionKinds)[number];

export function actionFailed(kind: ActionKind, item: MissingItem) {
  return { type: "error" as const, key: `common:actionFailed.${kind}`, values: { item } };
}

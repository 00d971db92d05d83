import type { MergePageConfig } from "~/features/merge/merge-page";
import { competenceMergeSchema } from "../competences.schema";

/** Merging two competences of the book (docs/decisions/1302): its page and the book page's dialog (1541). */
export const competenceMergePage: MergePageConfig = {
  ns: "competences",
  formId: "competence-merge",
  schema: competenceMergeSchema,
  otherField: "otherCompetenceId",
  backLabel: "competences:merge.back",
};

import { useTranslation } from "react-i18next";
import { ConfirmForm } from "~/components/confirm-dialog";
import type { MergePageConfig } from "~/features/merge/merge-page";
import type { SplitPageConfig } from "~/features/merge/split-page";
import { tagMergeSchema, tagSplitSchema } from "../tags.schema";

/** The merge, split and bulk-delete confirmations of personnel tags: on their pages and in dialogs (1541). */
export const tagMergePage: MergePageConfig = {
  ns: "tags",
  formId: "tag-merge",
  schema: tagMergeSchema,
  otherField: "otherTagId",
  backLabel: "tags:backToTag",
};

export const tagSplitPage: SplitPageConfig = {
  ns: "tags",
  formId: "tag-split",
  schema: tagSplitSchema,
  backLabel: "tags:backToTag",
};

export type TagsToDelete = { tags: { id: string; name: string; isSystem: boolean }[] };

export function TagsBulkDeleteConfirm({ tags }: TagsToDelete) {
  const { t } = useTranslation();
  return (
    <ConfirmForm
      submitLabel={t("tags:bulkDelete.confirm")}
      cancelHref="/personnel/tags"
      cancelLabel={t("tags:cancel")}
      hidden={{ ids: tags.map((tag) => tag.id) }}
    >
      <ul className="mb-4 list-disc pl-6">
        {tags.map((tag) => (
          <li key={tag.id}>
            {tag.name}
            {tag.isSystem ? ` — ${t("tags:systemTag")}` : ""}
          </li>
        ))}
      </ul>
      {tags.some((tag) => tag.isSystem) ? <p className="mb-4 font-medium text-danger">{t("tags:systemTag")}</p> : null}
    </ConfirmForm>
  );
}

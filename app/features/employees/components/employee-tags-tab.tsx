import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";

/** The tags tab: the cluster's personnel tags, checked where the employee has them. */
export function EmployeeTagsTab({ tags, tagIds }: { tags: { id: string; name: string }[]; tagIds: string[] }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="rounded bg-white p-6 shadow-sm">
      <input type="hidden" name="intent" value="tags" />
      <fieldset>
        <legend className="mb-2 font-semibold">{t("employees:tags.legend")}</legend>
        {tags.length === 0 ? <p className="mb-2">{t("employees:tags.empty")}</p> : null}
        <ul className="mb-4 space-y-1">
          {tags.map((tag) => (
            <li key={tag.id}>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="tagIds" value={tag.id} defaultChecked={tagIds.includes(tag.id)} />
                {tag.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Button>{t("employees:tags.submit")}</Button>
    </Form>
  );
}

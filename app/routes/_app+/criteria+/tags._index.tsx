import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AddTagSection } from "~/features/tags/components/add-tag-section";
import { tagNameSchema } from "~/features/criteria/criteria.schema";
import { createCriteriaTag, listCriteriaTags } from "~/features/criteria/criteria-tags.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const t = await getServerT(request);
  return { title: pageTitle(t, "criteria:tags.title"), tags: await listCriteriaTags(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const submission = parseWithZod(await readForm(request), { schema: tagNameSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createCriteriaTag(ctx, submission.value.name);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect("/criteria/tags", {
    headers: { "Set-Cookie": await createToastHeader({ key: "criteria:tags.created" }) },
  });
}

export default function CriteriaTagsPage() {
  const { t } = useTranslation();
  const { tags } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <>
      <h1>{t("criteria:tags.title")}</h1>
      <AddTagSection
        formId="new-tag"
        schema={tagNameSchema}
        lastResult={lastResult}
        texts={{ title: t("criteria:tags.add"), name: t("criteria:tags.name"), submit: t("criteria:tags.addSubmit") }}
      />
      {tags.length === 0 ? (
        <p className="mt-6">{t("criteria:tags.empty")}</p>
      ) : (
        <table className="mt-6 w-full max-w-3xl bg-white text-left shadow-sm">
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                {t("criteria:tags.name")}
              </th>
              <th scope="col" className="p-2">
                {t("criteria:tags.criteriaCount")}
              </th>
              <th scope="col" className="p-2">
                {t("criteria:tags.system")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <tr key={tag.id} className="border-b last:border-0">
                <td className="p-2">
                  <Link to={`/criteria/tags/${tag.id}`}>{tag.name}</Link>
                </td>
                <td className="p-2">{tag.criteriaCount}</td>
                <td className="p-2">{tag.isSystem ? t("criteria:tags.yes") : t("criteria:tags.no")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

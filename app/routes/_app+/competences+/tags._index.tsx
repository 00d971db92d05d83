import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AddTagSection } from "~/features/tags/components/add-tag-section";
import { createCompetenceTag, listCompetenceTags } from "~/features/competences/competence-tags.server";
import { competenceTagSchema } from "~/features/competences/competences.schema";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Competence tags (docs/decisions/1302): listed and added with competences.manage. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const t = await getServerT(request);
  return { title: pageTitle(t, "competences:tags.title"), tags: await listCompetenceTags(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const submission = parseWithZod(await readForm(request), { schema: competenceTagSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createCompetenceTag(ctx, submission.value.name);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect("/competences/tags", {
    headers: { "Set-Cookie": await createToastHeader({ key: "competences:tags.created" }) },
  });
}

export default function CompetenceTagsPage() {
  const { t } = useTranslation();
  const { tags } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/competences/book">{t("competences:book.back")}</Link>
      </p>
      <h1 className="mt-2">{t("competences:tags.title")}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t("competences:tags.intro")}</p>
      <AddTagSection
        formId="new-competence-tag"
        schema={competenceTagSchema}
        lastResult={lastResult}
        texts={{
          title: t("competences:tags.add"),
          name: t("competences:tags.name"),
          submit: t("competences:tags.addSubmit"),
        }}
      />
      {tags.length === 0 ? (
        <p className="mt-6">{t("competences:tags.empty")}</p>
      ) : (
        <table className="mt-6 w-full max-w-3xl bg-white text-left shadow-sm">
          <caption className="sr-only">{t("competences:tags.title")}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                {t("competences:tags.name")}
              </th>
              <th scope="col" className="p-2">
                {t("competences:tags.count")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <tr key={tag.id} className="border-b last:border-0">
                <td className="p-2">
                  <Link to={`/competences/tags/${tag.id}`}>{tag.name}</Link>
                </td>
                <td className="p-2">
                  <Link to={`/competences/book?tag=${tag.id}`}>{tag.competencesCount}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

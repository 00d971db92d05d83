import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { ListTable, Row, Section } from "~/components/ui/table";
import { Pager, useFte } from "~/components/ui/pager";
import { teamSchema } from "~/features/teams/teams.schema";
import { createTeam, hasChildClusters, listTeams } from "~/features/teams/teams.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { TEAMS_PAGE_SIZE } from "~/features/teams/list-sizes";
import { teamListFilterSchema } from "~/features/teams/team-list-filter";
import { parseRequestFilter } from "~/utils/list-filter";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const { q, tree, page } = parseRequestFilter(teamListFilterSchema, request);
  const childClusters = await hasChildClusters(ctx);
  const withChildClusters = childClusters && tree;
  const t = await getServerT(request);
  return {
    // The page size travels in loader data: a constant from a .server module is undefined in the browser.
    pageSize: TEAMS_PAGE_SIZE,
    title: pageTitle(t, "teams:title"),
    page,
    q,
    childClusters,
    withChildClusters,
    ...(await listTeams(ctx, { page, q, withChildClusters })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const submission = parseWithZod(await readForm(request), { schema: teamSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("add", "team", () => createTeam(ctx, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/personnel/teams/${result.id}/members`, {
    key: "teams:created",
    values: { name: submission.value.name },
  });
}

export default function TeamsPage() {
  const { t } = useTranslation();
  const { teams, total, page, pageSize, q, childClusters, withChildClusters } = useLoaderData<typeof loader>();
  const location = useLocation();
  const fte = useFte();
  return (
    <>
      <h1 className="mb-4">{t("teams:title")}</h1>
      <CreateTeamForm />
      <Form method="get" className="mb-4 mt-8 flex items-end gap-2">
        <div>
          <label htmlFor="team-search" className="block font-medium">
            {t("teams:search")}
          </label>
          <input id="team-search" name="q" defaultValue={q} className="mt-1 rounded border border-gray-400 px-3 py-2" />
        </div>
        {childClusters ? (
          <label className="flex items-center gap-2 py-2">
            <input type="checkbox" name="scope" value="tree" defaultChecked={withChildClusters} />
            {t("teams:childClusters.include")}
          </label>
        ) : null}
        <Button variant="secondary">{t("teams:searchSubmit")}</Button>
      </Form>
      {teams.length === 0 ? (
        <p>{t("teams:empty")}</p>
      ) : (
        <ListTable
          columns={[
            { label: t("teams:name") },
            withChildClusters && { label: t("teams:childClusters.cluster") },
            { label: t("teams:members") },
            { label: t("teams:leaders") },
            { label: t("teams:fte") },
          ]}
        >
          {teams.map((team) => (
            <Row
              key={team.id}
              cells={[
                team.own ? (
                  <Link to={`/personnel/teams/${team.id}/members`}>{team.name}</Link>
                ) : (
                  <>
                    {team.name} <span className="text-sm text-gray-700">{t("teams:childClusters.readOnly")}</span>
                  </>
                ),
                withChildClusters && team.clusterName,
                team.memberCount,
                team.leaderCount,
                fte(team.fte),
              ]}
            />
          ))}
        </ListTable>
      )}
      <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
    </>
  );
}

function CreateTeamForm() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(teamSchema, { id: "team-create", lastResult });
  const labels = { name: t("teams:name") };
  return (
    <Section id="team-create" title={t("teams:create.title")}>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <InputField meta={fields.name} label={labels.name} />
        <Button>{t("teams:create.submit")}</Button>
      </Form>
    </Section>
  );
}

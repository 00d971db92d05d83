import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { useFte } from "~/components/ui/pager";
import { Tabs } from "~/components/ui/tabs";
import { teamTabs, type TeamTab } from "~/features/teams/team-tabs";
import { mayChangeRolesOf } from "~/features/people/actor-may.server";
import { teamPlaceSchema, teamSchema } from "~/features/teams/teams.schema";
import {
  addTeamPlace,
  getTeam,
  listTeamPlaces,
  removeTeamPlace,
  renameTeam,
  searchCandidates,
  type TeamPlaceRole,
} from "~/features/teams/teams.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound, requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseTab(value: string | undefined): TeamTab {
  if (!teamTabs.includes(value as TeamTab)) notFound();
  return value as TeamTab;
}
const roleOfTab = (tab: TeamTab): TeamPlaceRole | null =>
  tab === "members" ? "team_member" : tab === "leaders" ? "team_admin" : null;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const tab = parseTab(params.tab);
  const team = await getTeam(ctx, requireUuid(params.id));
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const role = roleOfTab(tab);
  const t = await getServerT(request);
  return {
    title: `${team.name} · ${pageTitle(t, `teams:tabs.${tab}`)}`,
    tab,
    team,
    q,
    places: role ? await listTeamPlaces(ctx, team.id, role) : [],
    candidates: role ? await searchCandidates(ctx, team.id, role, q) : [],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const tab = parseTab(params.tab);
  const teamId = requireUuid(params.id);
  const formData = await request.formData();
  const role = roleOfTab(tab);
  if (role) {
    const submission = parseWithZod(formData, { schema: teamPlaceSchema });
    if (submission.status !== "success") notFound();
    const intent = formData.get("intent");
    // Team places are roles: the one role rule decides (team_roles.manage for leaders, docs/decisions/0620).
    const may = await mayChangeRolesOf(ctx, submission.value.membershipId, [role]);
    if (!may.ok) {
      return redirect(`/personnel/teams/${teamId}/${tab}`, {
        headers: { "Set-Cookie": await createToastHeader({ type: "error", key: "teams:places.notAllowed" }) },
      });
    }
    if (intent === "add") await addTeamPlace(ctx, teamId, submission.value.membershipId, role);
    else if (intent === "remove") await removeTeamPlace(ctx, teamId, submission.value.membershipId, role);
    else notFound();
    return redirect(`/personnel/teams/${teamId}/${tab}`, {
      headers: {
        "Set-Cookie": await createToastHeader({
          key: intent === "add" ? "teams:places.added" : "teams:places.removed",
        }),
      },
    });
  }
  if (tab !== "settings") notFound();
  const submission = parseWithZod(formData, { schema: teamSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await renameTeam(ctx, teamId, submission.value);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect(`/personnel/teams/${teamId}/settings`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "teams:saved" }) },
  });
}

export default function TeamPage() {
  const { t } = useTranslation();
  const { tab, team } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-4xl">
      <p className="mb-2">
        <Link to="/personnel/teams">{t("teams:backToList")}</Link>
      </p>
      <h1 className="mb-4">{team.name}</h1>
      <Tabs
        label={t("teams:tabs.label")}
        baseHref={`/personnel/teams/${team.id}`}
        current={tab}
        tabs={teamTabs.map((key) => ({ key, label: t(`teams:tabs.${key}`) }))}
      />
      {tab === "goalsAndAmbitions" ? <p>{t("teams:goalsLater")}</p> : null}
      {tab === "members" || tab === "leaders" ? <Places tab={tab} /> : null}
      {tab === "settings" ? <SettingsForm /> : null}
    </div>
  );
}

function Places({ tab }: { tab: "members" | "leaders" }) {
  const { t } = useTranslation();
  const { places, candidates, q, team } = useLoaderData<typeof loader>();
  const fte = useFte();
  return (
    <>
      <h2 className="mb-2">{t(`teams:places.${tab}.title`, { count: places.length })}</h2>
      {places.length === 0 ? (
        <p>{t(`teams:places.${tab}.empty`)}</p>
      ) : (
        <table className="w-full bg-white text-left shadow-sm">
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                {t("teams:places.name")}
              </th>
              <th scope="col" className="p-2">
                {t("teams:places.email")}
              </th>
              <th scope="col" className="p-2">
                {t("teams:fte")}
              </th>
              <th scope="col" className="p-2">
                <span className="sr-only">{t("teams:places.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {places.map((p) => (
              <tr key={p.membershipId} className="border-b">
                <td className="p-2">{p.name}</td>
                <td className="p-2">{p.email}</td>
                <td className="p-2">{fte(p.fte)}</td>
                <td className="p-2">
                  <Form method="post">
                    <input type="hidden" name="membershipId" value={p.membershipId} />
                    <Button
                      name="intent"
                      value="remove"
                      variant="secondary"
                      aria-label={t(`teams:places.${tab}.remove`, { name: p.name })}
                    >
                      {t("teams:places.removeShort")}
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-labelledby="add-title" className="mt-8 rounded bg-white p-6 shadow-sm">
        <h2 id="add-title" className="mb-2">
          {t(`teams:places.${tab}.add`)}
        </h2>
        <Form method="get" action={`/personnel/teams/${team.id}/${tab}`} className="flex items-end gap-2">
          <div>
            <label htmlFor="candidate-search" className="block font-medium">
              {t("teams:places.search")}
            </label>
            <input
              id="candidate-search"
              name="q"
              defaultValue={q}
              className="mt-1 rounded border border-gray-400 px-3 py-2"
            />
          </div>
          <Button variant="secondary">{t("teams:searchSubmit")}</Button>
        </Form>
        {q && candidates.length === 0 ? <p className="mt-4">{t("teams:places.noCandidates")}</p> : null}
        {candidates.length > 0 ? (
          <ul className="mt-4 space-y-2">
            {candidates.map((c) => (
              <li key={c.membershipId}>
                <Form method="post" className="flex items-center gap-4">
                  <input type="hidden" name="membershipId" value={c.membershipId} />
                  <span>
                    {c.name} ({c.email})
                  </span>
                  <Button
                    name="intent"
                    value="add"
                    variant="secondary"
                    aria-label={t(`teams:places.${tab}.addPerson`, { name: c.name })}
                  >
                    {t("teams:places.addShort")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

function SettingsForm() {
  const { t } = useTranslation();
  const { team } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "team-settings",
    lastResult,
    defaultValue: { name: team.name },
    constraint: getZodConstraint(teamSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamSchema }),
  });
  const label = t("teams:name");
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[{ id: fields.name.id, label, errors: fields.name.errors }]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <Field label={label} errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
        <Button>{t("teams:save")}</Button>
      </Form>
      <ul className="mt-6 flex gap-6">
        <li>
          <Link to={`/personnel/teams/${team.id}/merge`}>{t("teams:merge.link")}</Link>
        </li>
        <li>
          <Link to={`/personnel/teams/${team.id}/split`}>{t("teams:split.link")}</Link>
        </li>
        <li>
          <Link to={`/personnel/teams/${team.id}/delete`}>{t("teams:delete.link")}</Link>
        </li>
      </ul>
    </>
  );
}

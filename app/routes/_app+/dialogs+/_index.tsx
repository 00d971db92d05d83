import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import { dialogListFilterSchema, dialogStates } from "~/features/dialogs/dialog-list-filter";
import { rememberDialogTeam, rememberedDialogTeam } from "~/features/dialogs/dialog-team-selection.server";
import { dialogFilterOptions, dialogPageSize, listDialogs } from "~/features/dialogs/dialogs.server";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["dialogs"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The dialogs I lead or take part in (leaders: their teams'; dialogs.manage cluster-wide: all), spec §2. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.manage");
  let filter = parseRequestFilter(dialogListFilterSchema, request);
  const options = await dialogFilterOptions(ctx);
  // A team outside my scope is a 404, never an empty list.
  if (filter.team && !options.teams.some((team) => team.id === filter.team)) notFound();
  // The selected team is remembered (spec §4): a filtered list stores it, "all teams" forgets it, and the
  // plain list (no filter in the address, e.g. from the navigation) applies it while it is still in scope.
  const params = new URL(request.url).searchParams;
  if (params.has("team")) await rememberDialogTeam(ctx, filter.team || null);
  else if ([...params.keys()].length === 0) {
    const remembered = await rememberedDialogTeam(ctx);
    if (remembered && options.teams.some((team) => team.id === remembered)) filter = { ...filter, team: remembered };
  }
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "dialogs:title"),
    filter,
    options,
    pageSize: dialogPageSize,
    ...(await listDialogs(ctx, filter)),
  };
}

export default function DialogsPage() {
  const { t } = useTranslation();
  const { filter, options, pageSize, total, dialogs } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <PageHeader title={t("dialogs:title")}>
        <AppLink href="/dialogs/create" className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline">
          {t("dialogs:list.create")}
        </AppLink>
      </PageHeader>
      <p className="mt-2 max-w-3xl">{t("dialogs:intro")}</p>
      <FilterForm submitLabel={t("dialogs:list.filter")}>
        <FilterSelect
          id="dialogs-state"
          name="state"
          label={t("dialogs:fields.state")}
          value={filter.state}
          allLabel={t("dialogs:list.allStates")}
          options={dialogStates.map((s) => ({ value: s, label: t(`dialogs:states.${s}`) }))}
        />
        <FilterSelect
          id="dialogs-person"
          name="person"
          label={t("dialogs:fields.person")}
          value={filter.person}
          allLabel={t("dialogs:list.allPeople")}
          options={options.people.map((p) => ({ value: p.id, label: p.name }))}
        />
        {options.teams.length > 0 ? (
          <FilterSelect
            id="dialogs-team"
            name="team"
            label={t("dialogs:fields.team")}
            value={filter.team}
            allLabel={t("dialogs:list.allTeams")}
            options={options.teams.map((team) => ({ value: team.id, label: team.name }))}
          />
        ) : null}
      </FilterForm>
      <h2 className="mb-2 mt-8">{t("dialogs:list.heading", { count: total })}</h2>
      {dialogs.length === 0 ? (
        <p>{t("dialogs:list.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <ListTable
            caption={t("dialogs:list.caption")}
            columns={[
              { label: t("dialogs:fields.person") },
              { label: t("dialogs:fields.objective") },
              { label: t("dialogs:fields.leader") },
              { label: t("dialogs:fields.state") },
              { label: t("dialogs:fields.actionsDone") },
              { label: t("dialogs:fields.startedOn") },
            ]}
          >
            {dialogs.map((d) => (
              <Row
                key={d.id}
                cells={[
                  d.name,
                  <Link key="objective" to={`/dialogs/${d.id}`}>
                    {d.objective.length > 80 ? `${d.objective.slice(0, 80)}…` : d.objective}
                  </Link>,
                  d.leader ?? "",
                  t(`dialogs:states.${d.state}`),
                  t("dialogs:list.actionsDone", { done: d.done, actions: d.actions, percent: d.percent }),
                  formatDate(d.createdAt),
                ]}
              />
            ))}
          </ListTable>
        </div>
      )}
      <Pager page={filter.page} total={total} pageSize={pageSize} search={search} />
    </>
  );
}

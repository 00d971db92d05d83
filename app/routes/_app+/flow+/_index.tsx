import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { Pager } from "~/components/ui/pager";
import { ListTable, PageHeader } from "~/components/ui/table";
import { ZoneShareCells } from "~/features/flow/components/flow-chart";
import { flowZones } from "~/features/flow/flow-zones";
import { flowPageSize, listFlowMeasurements, mayManageFlowSettings, teamFlowZones } from "~/features/flow/flows.server";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["flow"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "flow", "flows.manage");
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const t = await getServerT(request);
  const { total, measurements } = await listFlowMeasurements(ctx, { page });
  return {
    title: pageTitle(t, "flow:title"),
    page,
    // From the loader: a value of a .server module is undefined in the browser.
    pageSize: flowPageSize,
    total,
    measurements,
    teams: await teamFlowZones(ctx),
    mayMeasure: Boolean(ctx.membershipId),
    maySettings: mayManageFlowSettings(ctx),
  };
}

export default function FlowPage() {
  const { t } = useTranslation();
  const { page, pageSize, total, measurements, teams, mayMeasure, maySettings } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const zoneColumns = flowZones.map((z) => ({ label: t(`flow:zones.${z}`) }));
  return (
    <>
      <PageHeader title={t("flow:title")}>
        {mayMeasure ? (
          <AppLink href="/flow/create" className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline">
            {t("flow:list.measure")}
          </AppLink>
        ) : null}
      </PageHeader>
      <p className="mb-6 mt-2 max-w-3xl">{t("flow:intro")}</p>
      {maySettings ? (
        <p className="-mt-4 mb-6">
          <AppLink href="/flow/settings">{t("flow:list.settings")}</AppLink>
        </p>
      ) : null}

      <h2 className="mb-2">{t("flow:list.measurements")}</h2>
      {measurements.length === 0 ? (
        <p>{t("flow:list.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <ListTable
            caption={t("flow:list.caption")}
            columns={[{ label: t("flow:list.person") }, { label: t("flow:list.date") }, ...zoneColumns]}
          >
            {measurements.map((m) => {
              const date = formatDate(m.createdAt);
              return (
                <tr key={m.id} className="border-b">
                  <td className="p-2">{m.name}</td>
                  <td className="p-2">
                    <AppLink href={`/flow/details/${m.id}`} aria-label={t("flow:list.open", { name: m.name, date })}>
                      {date}
                    </AppLink>
                  </td>
                  <ZoneShareCells shares={m.counted ? m.shares : null} empty={t("flow:list.notCounted")} />
                </tr>
              );
            })}
          </ListTable>
        </div>
      )}
      <Pager page={page} total={total} pageSize={pageSize} search={search} />

      {teams.length > 0 ? (
        <section aria-labelledby="flow-teams-title" className="mt-8">
          <h2 id="flow-teams-title" className="mb-1">
            {t("flow:team.title")}
          </h2>
          <p className="mb-2 text-ink-muted">{t("flow:team.intro")}</p>
          <div className="relative overflow-x-auto">
            <ListTable
              caption={t("flow:team.caption")}
              columns={[{ label: t("flow:team.team") }, { label: t("flow:team.measured") }, ...zoneColumns]}
            >
              {teams.map((team) => (
                <tr key={team.id} className="border-b">
                  <th scope="row" className="p-2 text-left font-normal">
                    {team.name}
                  </th>
                  <td className="p-2 tabular-nums">
                    {t("flow:team.measuredOf", { measured: team.measured, members: team.members })}
                  </td>
                  <ZoneShareCells shares={team.shares} empty={t("flow:team.noMeasurements")} />
                </tr>
              ))}
            </ListTable>
          </div>
        </section>
      ) : null}
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ListTable } from "~/components/ui/table";
import { FlowChart, ZoneShareCells, ZoneShareTable } from "~/features/flow/components/flow-chart";
import { flowZones } from "~/features/flow/flow-zones";
import { getFlowDetails } from "~/features/flow/flows.server";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { auditNow } from "~/features/audit/audit.server";

export const handle = { i18n: ["flow"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "flow", "flows.manage");
  const details = await getFlowDetails(ctx, requireUuid(params.id));
  await auditNow(ctx, context.clientIp, {
    action: "read.flow",
    subjectType: "membership",
    subjectId: details.membershipId,
    data: { measurementId: details.id },
  });
  const t = await getServerT(request);
  return {
    title: `${t("flow:details.title", { name: details.personName })} · ${pageTitle(t, "flow:title")}`,
    details,
  };
}

export default function FlowDetailsPage() {
  const { t } = useTranslation();
  const { details } = useLoaderData<typeof loader>();
  const shares = details.counted ? details.shares : null;
  return (
    <>
      <h1>{t("flow:details.title", { name: details.personName })}</h1>
      <p className="mb-6 text-ink-muted">{t("flow:details.measuredOn", { date: formatDate(details.createdAt) })}</p>

      <div className="flex flex-wrap items-start gap-8">
        <FlowChart id="flow-chart" settings={details.settings} activities={details.activities} shares={shares} />
        <section aria-labelledby="flow-shares-title" className="min-w-64 flex-1">
          <h2 id="flow-shares-title" className="mb-1">
            {t("flow:details.zoneShares")}
          </h2>
          <p className="mb-2 text-sm text-ink-muted">{t("flow:details.sharesHint")}</p>
          {shares ? (
            <ZoneShareTable shares={shares} caption={t("flow:details.zoneShares")} />
          ) : (
            <p>{t("flow:details.noneCounted")}</p>
          )}
        </section>
      </div>

      <h2 className="mb-1 mt-8">{t("flow:details.activities")}</h2>
      <p className="mb-2 text-sm text-ink-muted">{t("flow:details.energyHint")}</p>
      <div className="relative overflow-x-auto">
        <ListTable
          caption={t("flow:details.activities")}
          sticky={false}
          columns={[
            { label: t("flow:details.number") },
            { label: t("flow:fields.name") },
            { label: t("flow:fields.share") },
            { label: t("flow:fields.challenge") },
            { label: t("flow:fields.skills") },
            { label: t("flow:fields.capability") },
            { label: t("flow:fields.energy") },
            { label: t("flow:details.zone") },
            { label: t("flow:details.counted") },
          ]}
        >
          {details.activities.map((a, i) => (
            <tr key={i} className="border-b">
              <td className="p-2 tabular-nums">{i + 1}</td>
              <th scope="row" className="p-2 text-left font-normal">
                {a.name}
              </th>
              <td className="p-2 tabular-nums">{a.sharePercent} %</td>
              <td className="p-2 tabular-nums">{a.challenge}</td>
              <td className="p-2 tabular-nums">{a.skills}</td>
              <td className="p-2 tabular-nums">{a.capability}</td>
              <td className="p-2 tabular-nums">{a.energy}</td>
              <td className="p-2">{t(`flow:zones.${a.zone}`)}</td>
              <td className="p-2">{a.counted ? t("flow:details.yes") : t("flow:details.no")}</td>
            </tr>
          ))}
        </ListTable>
      </div>

      <section aria-labelledby="flow-earlier-title" className="mt-8">
        <h2 id="flow-earlier-title" className="mb-1">
          {t("flow:details.earlier")}
        </h2>
        {details.earlier.length === 0 ? (
          <p>{t("flow:details.noEarlier")}</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-ink-muted">{t("flow:details.earlierIntro")}</p>
            <div className="relative overflow-x-auto">
              <ListTable
                caption={t("flow:details.earlierCaption")}
                sticky={false}
                columns={[{ label: t("flow:list.date") }, ...flowZones.map((z) => ({ label: t(`flow:zones.${z}`) }))]}
              >
                {[{ ...details, current: true }, ...details.earlier.map((m) => ({ ...m, current: false }))].map((m) => (
                  <tr key={m.id} className="border-b">
                    <th scope="row" className="p-2 text-left font-normal">
                      {m.current ? (
                        formatDate(m.createdAt)
                      ) : (
                        <AppLink href={`/flow/details/${m.id}`}>{formatDate(m.createdAt)}</AppLink>
                      )}
                    </th>
                    <ZoneShareCells shares={m.counted ? m.shares : null} empty={t("flow:list.notCounted")} />
                  </tr>
                ))}
              </ListTable>
            </div>
          </>
        )}
      </section>

      <p className="no-print mt-8 flex gap-6">
        <AppLink href="/flow">{t("flow:details.back")}</AppLink>
        {details.mine ? <AppLink href="/flow/create">{t("flow:details.measureAgain")}</AppLink> : null}
      </p>
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ListTable, PageHeader, Row, Section } from "~/components/ui/table";
import { getLicenceOverview } from "~/features/account/licence-orders.server";
import { formatEuro } from "~/features/account/licence-prices";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["account"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The licence for the account admin: use against the licence, the trial's end, the orders (decision 1630). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const t = await getServerT(request);
  return { title: pageTitle(t, "account:licence.title"), ...(await getLicenceOverview(ctx)) };
}

export default function LicencePage() {
  const { t, i18n } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const rows: [string, string, string][] = [
    ["status", t("account:dashboard.status"), t(`account:dashboard.statuses.${d.licenceStatus}`)],
    ...(d.trialEndsAt
      ? [["trialEnds", t("account:licence.trialEnds"), d.trialEndsAt] as [string, string, string]]
      : []),
    ...(d.licenceStatus !== "trial"
      ? [
          ["expires", t("account:dashboard.expiresAt"), d.expiresAt || t("account:dashboard.noExpiry")] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    [
      "employees",
      t("account:dashboard.employees"),
      t("account:dashboard.ofLicensed", { used: d.employees, licensed: d.licensedEmployees }),
    ],
    [
      "teams",
      t("account:dashboard.teams"),
      t("account:dashboard.ofLicensed", { used: d.teams, licensed: d.licensedTeams }),
    ],
    [
      "modules",
      t("account:licence.modules"),
      d.modules.length
        ? d.modules.map((key) => t(`account:modules.names.${key}`)).join(", ")
        : t("account:licence.noModules"),
    ],
  ];
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={t("account:licence.title")}>
        <AppLink href="/account/subscription" className="font-medium">
          {d.licenceStatus === "active" ? t("account:licence.change") : t("account:licence.orderPaid")}
        </AppLink>
      </PageHeader>
      {d.overuse.employees || d.overuse.teams ? (
        <div data-testid="licence-overuse" className="rounded border-2 border-danger bg-danger-bg p-4">
          {d.overuse.employees ? (
            <p>{t("account:licence.overuseEmployees", { used: d.employees, licensed: d.licensedEmployees })}</p>
          ) : null}
          {d.overuse.teams ? (
            <p>{t("account:licence.overuseTeams", { used: d.teams, licensed: d.licensedTeams })}</p>
          ) : null}
        </div>
      ) : null}
      {d.licenceStatus === "trial" || d.licenceStatus === "expired" ? (
        <p className="rounded bg-white p-4 shadow-sm">{t(`account:licence.explain.${d.licenceStatus}`)}</p>
      ) : null}
      <dl className="grid max-w-2xl grid-cols-2 gap-2 rounded bg-white p-6 shadow-sm" data-testid="licence-use">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd data-testid={`licence-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <Section id="orders" title={t("account:licence.orders")} className="space-y-2">
        {d.orders.length === 0 ? (
          <p>{t("account:licence.noOrders")}</p>
        ) : (
          <ListTable
            caption={t("account:licence.orders")}
            columns={[
              t("account:licence.orderedAt"),
              t("account:licence.number"),
              t("account:licence.orderedBy"),
              t("account:dashboard.employees"),
              t("account:dashboard.teams"),
              t("account:licence.period"),
              t("account:licence.total"),
              t("account:licence.orderStatus"),
            ]}
            data-testid="licence-orders"
          >
            {d.orders.map((o) => (
              <Row
                key={o.id}
                heading={o.orderedAt}
                cells={[
                  o.number,
                  o.orderedBy ?? t("account:licence.unknownPerson"),
                  String(o.employees),
                  String(o.teams),
                  o.period,
                  formatEuro(o.totalCents, i18n.language),
                  t(`account:licence.statuses.${o.status}`),
                ]}
              />
            ))}
          </ListTable>
        )}
      </Section>
    </div>
  );
}

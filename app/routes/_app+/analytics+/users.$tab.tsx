import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import { hrTabs } from "~/features/analytics/analytics";
import { analyticsHandle } from "~/features/analytics/components/analytics-ui";
import { DevelopmentView } from "~/features/analytics/components/development-view";
import { WorkforceView } from "~/features/analytics/components/workforce-view";
import { developmentAnalytics } from "~/features/analytics/development.server";
import { workforceAnalytics } from "~/features/analytics/workforce.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { isoDayIn } from "~/utils/format";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

/** HR analytics (spec §2 analytics/users/{tab}, teams.manage; docs/decisions/1409). */
export const handle = analyticsHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const tab = hrTabs.find((t) => t === params.tab) ?? notFound();
  const { t, texts } = await requestResultTexts(request, ctx);
  const title = pageTitle(t, "analytics:hr.title");
  if (tab === "workforce") {
    return { title, tab, workforce: await workforceAnalytics(ctx, isoDayIn(new Date())), development: null, roles: [] };
  }
  return { title, tab, workforce: null, development: await developmentAnalytics(ctx), roles: texts.roles };
}

export default function HrAnalyticsPage() {
  const { t } = useTranslation();
  const { tab, workforce, development, roles } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t("analytics:hr.title")} />
      <p className="mb-4 mt-2 max-w-3xl">{t(`analytics:hr.intro.${tab}`)}</p>
      <Tabs
        label={t("analytics:hr.tabsLabel")}
        baseHref="/analytics/users"
        current={tab}
        tabs={hrTabs.map((key) => ({ key, label: t(`analytics:hr.tabs.${key}`) }))}
      />
      {workforce ? <WorkforceView data={workforce} /> : null}
      {development ? <DevelopmentView data={development} roles={roles} /> : null}
    </>
  );
}

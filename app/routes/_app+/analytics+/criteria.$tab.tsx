import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import { criteriaTabs, dimensionOfTab, parsePeriod, periods, periodStart } from "~/features/analytics/analytics";
import { analyticsHandle } from "~/features/analytics/components/analytics-ui";
import { CriteriaView } from "~/features/analytics/components/criteria-view";
import { criteriaAnalytics } from "~/features/analytics/criteria-analytics.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { isoDayIn } from "~/utils/format";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

/** Criteria analytics (spec §2 analytics/criteria/{tab}, teams.manage; docs/decisions/1409): a tab per dimension. */
export const handle = analyticsHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const tab = criteriaTabs.find((t) => t === params.tab) ?? notFound();
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  const dimension = dimensionOfTab(tab);
  const { t, texts } = await requestResultTexts(request, ctx);
  return {
    title: pageTitle(t, "analytics:criteria.title"),
    tab,
    period,
    dimensions: texts.dimensions,
    dimensionName: texts.dimensions.find((d) => d.dimension === dimension)?.name ?? "",
    data: await criteriaAnalytics(ctx, dimension, periodStart(period, isoDayIn(new Date()))),
  };
}

export default function CriteriaAnalyticsPage() {
  const { t } = useTranslation();
  const { tab, period, dimensions, dimensionName, data } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t("analytics:criteria.title")} />
      <p className="mb-4 mt-2 max-w-3xl">{t("analytics:criteria.intro")}</p>
      <Tabs
        label={t("analytics:criteria.tabsLabel")}
        baseHref="/analytics/criteria"
        current={tab}
        tabs={criteriaTabs.map((key, i) => ({
          key,
          label: dimensions.find((d) => d.dimension === i + 1)?.name ?? key,
        }))}
        keep={{ period }}
      />
      <FilterForm
        submitLabel={t("analytics:criteria.show")}
        className="mb-6 flex flex-wrap items-end gap-4 rounded bg-white p-4 shadow-sm"
      >
        <FilterSelect
          id="period"
          name="period"
          label={t("analytics:criteria.period")}
          value={period}
          options={periods.map((p) => ({ value: p, label: t(`analytics:criteria.periods.${p}`) }))}
        />
      </FilterForm>
      <h2 className="mb-2">{dimensionName}</h2>
      <CriteriaView data={data} dimensionName={dimensionName} />
    </>
  );
}

import { useTranslation } from "react-i18next";
import { ListTable, Row } from "~/components/ui/table";
import { percentText } from "../analytics";
import type { CriteriaAnalytics } from "../criteria-analytics.server";
import { PercentBar } from "./analytics-ui";

/** One dimension's criteria, weakest first, each with its average as a bar and the counts beside it. */
export function CriteriaView({ data, dimensionName }: { data: CriteriaAnalytics; dimensionName: string }) {
  const { t, i18n } = useTranslation();
  if (data.criteria.length === 0) return <p data-testid="criteria-empty">{t("analytics:criteria.empty")}</p>;
  return (
    <>
      <p className="mb-4" data-testid="criteria-overall">
        {t("analytics:criteria.overall", {
          dimension: dimensionName,
          average: percentText(data.averagePercent, i18n.language),
        })}
      </p>
      <div className="relative overflow-x-auto">
        <ListTable
          sticky={false}
          caption={dimensionName}
          columns={[
            { label: t("analytics:criteria.criterion") },
            { label: t("analytics:criteria.average") },
            { label: t("analytics:criteria.scored") },
            { label: t("analytics:criteria.notRated") },
            { label: t("analytics:criteria.rounds") },
          ]}
        >
          {data.criteria.map((c) => (
            <Row
              key={c.id}
              data-testid="criterion-row"
              cells={[
                <>
                  {c.name}
                  {c.archived ? <span className="text-ink-muted"> ({t("analytics:criteria.archived")})</span> : null}
                </>,
                <PercentBar key="bar" label={c.name} value={c.averagePercent} />,
                c.scored,
                c.notRated,
                c.rounds,
              ]}
            />
          ))}
        </ListTable>
      </div>
      <p className="mt-2 text-sm text-ink-muted">{t("analytics:scaleNote")}</p>
    </>
  );
}

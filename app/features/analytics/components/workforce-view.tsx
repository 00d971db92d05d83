import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ListTable, Row } from "~/components/ui/table";
import { formatDate } from "~/utils/format";
import { ageBands, CONTRACT_HORIZON_DAYS, groupColors } from "../analytics";
import type { WorkforceAnalytics } from "../workforce.server";
import { Distribution, Figures, useFte } from "./analytics-ui";
import { SmallGroupNotice } from "./small-group-notice";

/**
 * The workforce tab: key figures, contracts, the contracts ending soon, gender and age (the last two hidden for a
 * small group, with the notice; docs/decisions/1962).
 */
export function WorkforceView({ data }: { data: WorkforceAnalytics }) {
  const { t } = useTranslation();
  const fte = useFte();
  const days = CONTRACT_HORIZON_DAYS;
  const { genders, ages } = data;
  return (
    <>
      <Figures
        items={[
          { key: "active", label: t("analytics:workforce.active"), value: data.active },
          { key: "withAccess", label: t("analytics:workforce.withAccess"), value: data.withAccess },
          { key: "inactive", label: t("analytics:workforce.inactive"), value: data.inactive },
          {
            key: "fte",
            label: t("analytics:workforce.fte"),
            value: fte(data.fte),
            hint: t("analytics:workforce.fteHint"),
          },
        ]}
      />
      <Distribution
        id="contracts"
        title={t("analytics:workforce.contractsTitle")}
        groupLabel={t("analytics:workforce.kind")}
        countLabel={t("analytics:workforce.people")}
        parts={(["permanent", "temporary", "none"] as const).map((key, i) => ({
          key,
          label: t(`analytics:workforce.contracts.${key}`),
          count: data.contracts[key],
          color: groupColors[i],
        }))}
      />
      <section aria-labelledby="ending-title" className="mt-8 max-w-4xl">
        <h2 id="ending-title" className="mb-2">
          {t("analytics:workforce.endingTitle", { days })}
        </h2>
        <p data-testid="ending-count">
          {data.endingCount === 0
            ? t("analytics:workforce.endingNone", { days })
            : t("analytics:workforce.endingCount", { count: data.endingCount, days })}
        </p>
        {data.endingContracts && data.endingContracts.length > 0 ? (
          <>
            {data.endingCount > data.endingContracts.length ? (
              <p>
                {t("analytics:workforce.endingMore", { shown: data.endingContracts.length, count: data.endingCount })}
              </p>
            ) : null}
            <div className="mt-2 relative overflow-x-auto">
              <ListTable
                sticky={false}
                caption={t("analytics:workforce.endingTitle", { days })}
                columns={[
                  { label: t("analytics:workforce.name") },
                  { label: t("analytics:workforce.position") },
                  { label: t("analytics:workforce.kind") },
                  { label: t("analytics:workforce.endDate") },
                ]}
              >
                {data.endingContracts.map((c) => (
                  <Row
                    key={`${c.membershipId}-${c.endDate}`}
                    data-testid="ending-contract"
                    cells={[
                      <AppLink key="name" href={`/personnel/user/${c.membershipId}/contracts`}>
                        {c.name}
                      </AppLink>,
                      c.position,
                      t(`analytics:workforce.contracts.${c.isTemporary ? "temporary" : "permanent"}`),
                      formatDate(c.endDate),
                    ]}
                  />
                ))}
              </ListTable>
            </div>
          </>
        ) : null}
      </section>
      <SmallGroupNotice min={data.min} hidden={data.hidden} />
      <Distribution
        id="genders"
        title={t("analytics:workforce.gendersTitle")}
        groupLabel={t("analytics:workforce.group")}
        countLabel={t("analytics:workforce.people")}
        hiddenText={t("analytics:smallGroups.hiddenLabel")}
        parts={
          genders &&
          (["f", "m", "unknown"] as const).map((key, i) => ({
            key,
            label: t(`analytics:workforce.genders.${key}`),
            count: genders[key],
            color: groupColors[i],
          }))
        }
      />
      <Distribution
        id="ages"
        title={t("analytics:workforce.agesTitle")}
        groupLabel={t("analytics:workforce.group")}
        countLabel={t("analytics:workforce.people")}
        hiddenText={t("analytics:smallGroups.hiddenLabel")}
        parts={
          ages &&
          ageBands.map((key, i) => ({
            key,
            label: t(`analytics:workforce.ages.${key}`),
            count: ages[key],
            color: groupColors[i],
          }))
        }
      />
    </>
  );
}

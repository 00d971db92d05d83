import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, Row } from "~/components/ui/table";
import { formatDate } from "~/utils/dates";
import type { compareLoader } from "../compare-route.server";
import { levelNameOf } from "../results";
import { averageKeys, LevelValue, PersonResultLinks, useAverage, usePersonTexts } from "./results-ui";

export const compareHandle = { i18n: ["results", "criteria"] };
export const compareMeta: MetaFunction = ({ data }) => [{ title: (data as { title?: string } | undefined)?.title }];

/** One person's scores against the team average and their previous finished team review. */
export function ComparePage() {
  const { t } = useTranslation();
  const { comparison, texts } = useLoaderData<typeof compareLoader>();
  const average = useAverage();
  const { review, subject, previous, team } = comparison;
  const { name, roleLabel } = usePersonTexts(subject, texts.roles);
  return (
    <div className="max-w-5xl">
      <PersonResultLinks
        review={review}
        href={`/review/report/${review.id}/employee/${subject.membershipId}`}
        label={t("results:compare.toReport")}
      />
      <h1 className="mb-2 mt-2">{t("results:compare.title", { name })}</h1>
      <p className="mb-4">
        {t("results:compare.context", { review: review.name, team: review.teamName })} · {t("results:report.role")}:{" "}
        {roleLabel}
      </p>
      {!review.isFinished ? (
        <p className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-4">{t("results:compare.notFinished")}</p>
      ) : null}
      {previous ? (
        <p className="mb-4" data-testid="previous">
          {t("results:compare.previous", {
            review: previous.name,
            team: previous.teamName,
            date: formatDate(previous.finishedAt),
          })}
        </p>
      ) : (
        <p className="mb-4 rounded border-l-4 border-brand-700 bg-brand-50 p-4" data-testid="no-previous">
          {t("results:compare.noPrevious", { name })}
        </p>
      )}
      {texts.dimensions.map((d, i) => {
        const key = averageKeys[i];
        const rows = comparison.criteria.filter((c) => c.dimension === d.dimension);
        return (
          <div key={d.dimension} className="relative mb-6 overflow-x-auto">
            <ListTable
              caption={d.name}
              captionClassName="p-2 text-left text-lg font-semibold"
              columns={[
                { label: t("results:compare.criterion"), className: "w-2/5 p-2" },
                t("results:compare.thisReview"),
                t("results:compare.teamAverage"),
                t("results:compare.previousReview"),
              ]}
              sticky={false}
              className="w-full table-fixed bg-white text-left shadow-sm"
              data-testid={`compare-${d.dimension}`}
            >
              {rows.map((c) => (
                <Row
                  key={c.id}
                  heading={c.name}
                  cells={[
                    <LevelValue score={c.score} level={levelNameOf(c.score, review.scale)} />,
                    average(c.teamAverage),
                    previous ? <LevelValue score={c.previous} level={levelNameOf(c.previous, review.scale)} /> : "–",
                  ]}
                />
              ))}
              <tr className="font-semibold">
                <th scope="row" className="p-2">
                  {t("results:compare.dimensionScore", { name: d.name })}
                </th>
                <td className="p-2">{average(subject[key])}</td>
                <td className="p-2">{average(team[key])}</td>
                <td className="p-2">{previous ? average(previous[key]) : "–"}</td>
              </tr>
            </ListTable>
          </div>
        );
      })}
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSearch } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { ListTable, PageHeader, Row, Section } from "~/components/ui/table";
import { SCORES_PAGE_SIZE } from "~/features/competences/list-sizes";
import { listPositionsWithHolders, listScorablePeople } from "~/features/competences/scores.server";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { scoreListFilterSchema } from "~/features/competences/competence-list-filter";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["competences"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competence_reviews.manage");
  const filter = parseRequestFilter(scoreListFilterSchema, request);
  const t = await getServerT(request);
  const [people, positions] = await Promise.all([
    listScorablePeople(ctx, { q: filter.q, page: filter.page }),
    listPositionsWithHolders(ctx),
  ]);
  return {
    title: pageTitle(t, "competences:scores.title"),
    filter,
    people,
    positions: positions.filter((p) => p.holders > 0),
  };
}

export default function ScoresPage() {
  const { t } = useTranslation();
  const { filter, people, positions } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <PageHeader title={t("competences:scores.title")} />
      <p className="mt-2 text-ink-muted">{t("competences:scores.intro")}</p>
      <FilterForm submitLabel={t("competences:book.filter")} role="search" label={t("competences:scores.people")}>
        <FilterSearch id="q" label={t("competences:scores.searchPerson")} value={filter.q} />
      </FilterForm>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section id="people" title={t("competences:scores.people")} className="rounded bg-white p-4 shadow-sm">
          {people.people.length === 0 ? (
            <p>{t("competences:scores.noPeople")}</p>
          ) : (
            <ListTable
              caption={t("competences:scores.people")}
              columns={[{ label: t("competences:scores.person") }, { label: t("competences:scores.positions") }]}
            >
              {people.people.map((p) => (
                <Row
                  key={p.id}
                  cells={[
                    <Link key="n" to={`/competences/scores/users/${p.id}`}>
                      {p.name}
                    </Link>,
                    p.positions,
                  ]}
                />
              ))}
            </ListTable>
          )}
          <Pager page={filter.page} total={people.total} pageSize={SCORES_PAGE_SIZE} search={search} />
        </Section>
        <Section id="positions" title={t("competences:scores.byPosition")} className="rounded bg-white p-4 shadow-sm">
          {positions.length === 0 ? (
            <p>{t("competences:scores.noPositions")}</p>
          ) : (
            <ListTable
              caption={t("competences:scores.byPosition")}
              columns={[{ label: t("competences:matrix.position") }, { label: t("competences:scores.holders") }]}
            >
              {positions.map((p) => (
                <Row
                  key={p.id}
                  cells={[
                    <Link key="n" to={`/competences/scores/positions/${p.id}`}>
                      {p.name}
                    </Link>,
                    p.holders,
                  ]}
                />
              ))}
            </ListTable>
          )}
        </Section>
      </div>
    </>
  );
}

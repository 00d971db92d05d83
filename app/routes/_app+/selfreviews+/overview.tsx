import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { ListTable, PageHeader } from "~/components/ui/table";
import { listSelfReviews, selfReviewFilterSchema } from "~/features/reviews/self-review-admin.server";
import { wizardOptions } from "~/features/reviews/team-review-create.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["selfreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  const filter = selfReviewFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [rows, options, t] = await Promise.all([listSelfReviews(ctx, filter), wizardOptions(ctx), getServerT(request)]);
  return {
    title: pageTitle(t, "selfreviews:overview.title"),
    filter,
    teams: options.teams.map((team) => ({ value: team.id, label: team.name })),
    tags: options.tags.map((tag) => ({ value: tag.id, label: tag.name })),
    reviews: rows.map((r) => ({
      id: r.id,
      name: r.name,
      deadline: formatDate(r.deadline),
      teams: r.teams,
      participants: r.participants,
      finished: r.finished,
      state: r.isFinished ? "finished" : r.lockedAt ? "locked" : "open",
      linked: Boolean(r.sourceReviewId),
    })),
  };
}

export default function SelfReviewOverviewPage() {
  const { t } = useTranslation();
  const { filter, teams, tags, reviews } = useLoaderData<typeof loader>();
  const filtered = Boolean(filter.teamId || filter.tagId || filter.state);
  return (
    <div className="max-w-5xl">
      <PageHeader title={t("selfreviews:overview.title")}>
        <Link
          to="/review/create/selfreview"
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline"
        >
          {t("selfreviews:overview.new")}
        </Link>
      </PageHeader>
      <FilterForm submitLabel={t("selfreviews:overview.filter")}>
        <FilterSelect
          id="filter-team"
          name="teamId"
          label={t("selfreviews:overview.team")}
          value={filter.teamId}
          options={teams}
          allLabel={t("selfreviews:overview.all")}
          compact
        />
        {tags.length ? (
          <FilterSelect
            id="filter-tag"
            name="tagId"
            label={t("selfreviews:overview.tag")}
            value={filter.tagId}
            options={tags}
            allLabel={t("selfreviews:overview.all")}
            compact
          />
        ) : null}
        <FilterSelect
          id="filter-state"
          name="state"
          label={t("selfreviews:overview.state")}
          value={filter.state}
          options={(["open", "locked", "finished"] as const).map((s) => ({
            value: s,
            label: t(`selfreviews:my.states.${s}`),
          }))}
          allLabel={t("selfreviews:overview.all")}
          compact
        />
      </FilterForm>
      {reviews.length === 0 ? (
        <p className="mt-6">{filtered ? t("selfreviews:overview.noMatches") : t("selfreviews:overview.empty")}</p>
      ) : (
        <div className="mt-6">
          <ListTable
            caption={t("selfreviews:overview.title")}
            columns={[
              { label: t("selfreviews:overview.name") },
              { label: t("selfreviews:overview.teams") },
              { label: t("selfreviews:my.deadline") },
              { label: t("selfreviews:overview.finished") },
              { label: t("selfreviews:my.state") },
            ]}
          >
            {reviews.map((r) => (
              <tr key={r.id} className="border-b">
                <td className="p-2">
                  <Link to={`/review/selfreview/${r.id}/details`}>{r.name}</Link>
                  {r.linked ? (
                    <span className="block text-sm text-ink-muted">{t("selfreviews:overview.linked")}</span>
                  ) : null}
                </td>
                <td className="p-2">{r.teams.join(", ")}</td>
                <td className="p-2">{r.deadline || "–"}</td>
                <td className="p-2">
                  {t("selfreviews:questionnaire.progress", { done: r.finished, total: r.participants })}
                </td>
                <td className="p-2">{t(`selfreviews:my.states.${r.state}`)}</td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}
    </div>
  );
}

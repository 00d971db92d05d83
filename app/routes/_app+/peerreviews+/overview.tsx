import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, PageHeader } from "~/components/ui/table";
import { listPeerReviews } from "~/features/peer-reviews/peer-review-admin.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["peerreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  const [rows, t] = await Promise.all([listPeerReviews(ctx), getServerT(request)]);
  return {
    title: pageTitle(t, "peerreviews:overview.title"),
    reviews: rows.map((r) => ({ ...r, deadline: formatDate(r.deadline), lockedAt: undefined })),
  };
}

export default function PeerReviewOverviewPage() {
  const { t } = useTranslation();
  const { reviews } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-5xl">
      <PageHeader title={t("peerreviews:overview.title")}>
        <Link to="/peerreviews/create" className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline">
          {t("peerreviews:overview.create")}
        </Link>
      </PageHeader>
      {reviews.length === 0 ? (
        <p className="mt-4">{t("peerreviews:overview.empty")}</p>
      ) : (
        <div className="mt-4">
          <ListTable
            caption={t("peerreviews:overview.title")}
            columns={[
              { label: t("peerreviews:overview.name") },
              { label: t("peerreviews:overview.deadline") },
              { label: t("peerreviews:overview.teams") },
              { label: t("peerreviews:overview.participants") },
              { label: t("peerreviews:overview.peers") },
              { label: t("peerreviews:overview.state") },
            ]}
          >
            {reviews.map((r) => (
              <tr key={r.id} className="border-b">
                <td className="p-2">
                  <Link to={`/peerreviews/${r.id}`}>{r.name}</Link>
                </td>
                <td className="p-2">{r.deadline || "–"}</td>
                <td className="p-2">{r.teams.join(", ")}</td>
                <td className="p-2">{r.participants}</td>
                <td className="p-2">
                  {t("peerreviews:overview.peersProgress", { answered: r.peersAnswered, asked: r.peersAsked })}
                </td>
                <td className="p-2">{t(`peerreviews:overview.states.${r.state}`)}</td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}
    </div>
  );
}

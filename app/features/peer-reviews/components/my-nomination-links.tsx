import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Links to propose peers in the open rounds that review the signed-in person (docs/decisions/1202). */
export function MyNominationLinks({ rounds }: { rounds: { reviewId: string; name: string }[] }) {
  const { t } = useTranslation();
  if (rounds.length === 0) return null;
  return (
    <section aria-labelledby="propose-peers" className="mt-8">
      <h2 id="propose-peers" className="mb-2 text-xl">
        {t("peerreviews:nominate.heading")}
      </h2>
      <ul className="list-disc pl-6">
        {rounds.map((r) => (
          <li key={r.reviewId}>
            <Link to={`/peerreview/nominate/${r.reviewId}`}>{t("peerreviews:nominate.link", { name: r.name })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/ui/table";

/** Links to propose peers in the open rounds that review the signed-in person (docs/decisions/1202). */
export function MyNominationLinks({ rounds }: { rounds: { reviewId: string; name: string }[] }) {
  const { t } = useTranslation();
  if (rounds.length === 0) return null;
  return (
    <Section
      id="propose-peers"
      title={t("peerreviews:nominate.heading")}
      className="mt-8"
      headingClassName="mb-2 text-xl"
    >
      <ul className="list-disc pl-6">
        {rounds.map((r) => (
          <li key={r.reviewId}>
            <Link to={`/peerreview/nominate/${r.reviewId}`}>{t("peerreviews:nominate.link", { name: r.name })}</Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

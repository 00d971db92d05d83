import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { formatDateTime } from "~/utils/format";

/**
 * Asks for a person's data export (decision 1740): a job makes it, its page shows the progress and then the
 * downloads. Without `userId` the signed-in user's own. A plain form: it works without JavaScript.
 */
export function RequestPersonalDataForm({ userId, label }: { userId?: string; label?: string }) {
  const { t } = useTranslation();
  // Where a request that could not be stored comes back to, with its message (decision 1991).
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/resources/personal-data">
      {userId ? <input type="hidden" name="person" value={userId} /> : null}
      <input type="hidden" name="returnTo" value={pathname + search} />
      <Button variant="secondary">{label ?? t("audit:personalData.request")}</Button>
    </Form>
  );
}

/** A person's data section: the export request and, with `eraseHref`, the first step of erasing them (1560). */
export function PersonalDataLinks({
  userId,
  own,
  eraseHref,
  latest,
}: {
  userId?: string;
  own: boolean;
  eraseHref?: string;
  /** The newest request the viewer may open (latestPersonalDataExport): the way back to its page. */
  latest: { id: string; createdAt: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="personal-data-heading" className="mt-8 rounded bg-white p-4 shadow-sm">
      <h2 id="personal-data-heading" className="mb-2">
        {t(own ? "audit:personalData.ownHeading" : "audit:personalData.heading")}
      </h2>
      <p className="mb-2 max-w-prose">{t("audit:personalData.intro")}</p>
      {latest ? (
        <p className="mb-2">
          {t("audit:personalData.latest", { at: formatDateTime(latest.createdAt) })}{" "}
          <Link to={`/personal-data/${latest.id}`}>{t("audit:personalData.latestLink")}</Link>
        </p>
      ) : null}
      <RequestPersonalDataForm userId={userId} />
      {eraseHref ? (
        <p className="mt-4">
          <Link to={eraseHref} className="text-danger underline">
            {t("audit:erasure.link")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

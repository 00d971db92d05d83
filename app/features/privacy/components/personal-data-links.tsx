import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Download links of a person's data (JSON and Excel); without `userId` the signed-in user's own. With
 * `eraseHref`, the first step of erasing the person (decision 1560).
 */
export function PersonalDataLinks({ userId, own, eraseHref }: { userId?: string; own: boolean; eraseHref?: string }) {
  const { t } = useTranslation();
  const href = (format: string) =>
    `/resources/personal-data?${new URLSearchParams({ format, ...(userId ? { person: userId } : {}) }).toString()}`;
  return (
    <section aria-labelledby="personal-data-heading" className="mt-8 rounded bg-white p-4 shadow-sm">
      <h2 id="personal-data-heading" className="mb-2">
        {t(own ? "audit:personalData.ownHeading" : "audit:personalData.heading")}
      </h2>
      <p className="mb-2 max-w-prose">{t("audit:personalData.intro")}</p>
      <p className="flex flex-wrap gap-4">
        <a href={href("json")}>{t("audit:personalData.json")}</a>
        <a href={href("xlsx")}>{t("audit:personalData.xlsx")}</a>
      </p>
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

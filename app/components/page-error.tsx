import { isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { missingItemOf } from "~/utils/not-found";

/** What an error boundary shows: a translated message by status (404, 403, 503, else a general error), never a stack. */
export function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Creating with an expired licence (requireLicenceToCreate, 1700) says why, as the banner does.
  const licenceExpired = status === 403 && isRouteErrorResponse(error) && error.data?.error === "licenceExpired";
  // 503: the database is unreachable for a moment (docs/decisions/0611); 400/415: a body that is no form
  // of the page (readForm, docs/decisions/1440).
  const text = licenceExpired
    ? "licenceExpired"
    : status === 404
      ? "notFound"
      : status === 403
        ? "forbidden"
        : status === 503
          ? "unavailable"
          : status === 400 || status === 415
            ? "badRequest"
            : "error";
  // A stale id of a known kind names what is gone: '{item} niet gevonden' (spec §8, 1641).
  const item = status === 404 && isRouteErrorResponse(error) ? missingItemOf(error.data) : null;
  return (
    <div data-testid="page-error" data-status={status}>
      <h1>{item ? t("common:notFound.item", { item: t(`common:items.${item}`) }) : t(`common:${text}.title`)}</h1>
      <p className="mt-4">{t(`common:${text}.body`)}</p>
      <p className="mt-6">
        <AppLink href="/dashboard">{t("common:notFound.toDashboard")}</AppLink>
      </p>
    </div>
  );
}

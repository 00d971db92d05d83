import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { SsoProvider } from "../sso-providers";

/**
 * The step between a form that starts SSO and the provider's page. A form post may not redirect to another
 * origin (CSP form-action 'self', which browsers apply to the redirect too), so the page sends the browser
 * on: a refresh without JavaScript, location.assign with it, and a link either way.
 */
export function SsoRedirect({ location, provider }: { location: string; provider: SsoProvider }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.assign(location);
  }, [location]);
  const name = t(`auth:sso.providerName.${provider}`);
  return (
    <div className="rounded bg-white p-6 shadow-sm">
      <meta httpEquiv="refresh" content={`0;url=${location}`} />
      <p role="status">{t("auth:sso.redirecting", { provider: name })}</p>
      <p className="mt-4">
        <a href={location} className="font-semibold">
          {t("auth:sso.continue", { provider: name })}
        </a>
      </p>
    </div>
  );
}

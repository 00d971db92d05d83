/** The local OpenID providers of the end-to-end run: one process, two providers, ports derived from E2E_PORT. */
export const e2eSso = {
  tenantId: "7f0c1d2e-1111-4222-8333-944455556666",
  azure: { clientId: "e2e-azure", clientSecret: "e2e-azure-secret" },
  surfconext: { clientId: "e2e-surf", clientSecret: "e2e-surf-secret" },
};

export function e2ePorts(appPort: number) {
  return { smtp: appPort + 20_000, azureIdp: appPort + 21_000, surfIdp: appPort + 21_001 };
}

/** Where the providers live, as the app and the tests see them. */
export function e2eIdpUrls(appPort: number) {
  const ports = e2ePorts(appPort);
  return {
    /** SSO_AZURE_AUTHORITY for the app: Entra's issuer is {authority}/{tenant}/v2.0. */
    azureAuthority: `http://127.0.0.1:${ports.azureIdp}/ms`,
    surfIssuer: `http://127.0.0.1:${ports.surfIdp}/surf`,
  };
}

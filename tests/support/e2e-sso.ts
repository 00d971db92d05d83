/**
 * The local OpenID providers of the end-to-end run: one process (tests/support/oidc-server.ts), two providers.
 * Each binds a free port when it starts (tests/support/ports.ts) and prints it; Playwright's webServer `wait`
 * stores the printed ports in the environment (e2ePortVariables), where the web server and the tests read them.
 */
export const e2eSso = {
  tenantId: "7f0c1d2e-1111-4222-8333-944455556666",
  azure: { clientId: "e2e-azure", clientSecret: "e2e-azure-secret" },
  surfconext: { clientId: "e2e-surf", clientSecret: "e2e-surf-secret" },
};

/** The environment variables that carry the side services' ports (Playwright upper-cases a capture group's name). */
export const e2ePortVariables = {
  smtp: "E2E_SMTP_PORT",
  azureIdp: "E2E_AZURE_IDP_PORT",
  surfIdp: "E2E_SURF_IDP_PORT",
} as const;

export type E2eSidePorts = { smtp: number; azureIdp: number; surfIdp: number };

/** The side services' ports, as the run's services announced them. */
export function e2eSidePorts(env: NodeJS.ProcessEnv = process.env): E2eSidePorts {
  const read = (name: string) => {
    const port = Number(env[name]);
    if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
      throw new Error(`${name} is not set: the end-to-end run's side services have not announced their ports`);
    }
    return port;
  };
  return {
    smtp: read(e2ePortVariables.smtp),
    azureIdp: read(e2ePortVariables.azureIdp),
    surfIdp: read(e2ePortVariables.surfIdp),
  };
}

/** Where the providers live, as the app and the tests see them. */
export function e2eIdpUrls(ports: Pick<E2eSidePorts, "azureIdp" | "surfIdp">) {
  return {
    /** SSO_AZURE_AUTHORITY for the app: Entra's issuer is {authority}/{tenant}/v2.0. */
    azureAuthority: `http://127.0.0.1:${ports.azureIdp}/ms`,
    surfIssuer: `http://127.0.0.1:${ports.surfIdp}/surf`,
  };
}

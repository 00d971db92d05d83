/**
 * The end-to-end run's OpenID providers (playwright.config.ts starts this as a `webServer`): an "Entra ID"
 * mounted at /ms/{tenant}/v2.0 that puts `tid` into its tokens, and a "SURFconext" at /surf. On the
 * provider's own login page any login works; a login that is an e-mail address signs in as that verified
 * address (the subject is the login, as oidc-provider makes it).
 */
import { e2eIdpUrls, e2ePortVariables, e2eSso } from "./e2e-sso";
import { startIdp, type TestAccount, type TestIdp } from "./oidc";
import { listenOnFreePort } from "./ports";

const appPort = Number(process.env.E2E_PORT);
if (!appPort) throw new Error("Set E2E_PORT");
const appOrigin = `http://127.0.0.1:${appPort}`;

const accountFor = (login: string): TestAccount =>
  login.includes("@") ? { sub: login, email: login, email_verified: true } : { sub: login };

const client = (provider: "azure" | "surfconext") => ({
  client_id: e2eSso[provider].clientId,
  client_secret: e2eSso[provider].clientSecret,
  redirect_uris: [`${appOrigin}/auth/${provider}/callback`],
});

// Each provider binds a free port below the ephemeral range, another one if it is taken (tests/support/ports.ts).
let surf: TestIdp | undefined;
let azure: TestIdp | undefined;
const surfPort = await listenOnFreePort(async (port) => {
  surf = await startIdp({ mountPath: "/surf", clients: [client("surfconext")], port, accountFor });
});
const azurePort = await listenOnFreePort(async (port) => {
  azure = await startIdp({
    mountPath: `/ms/${e2eSso.tenantId}/v2.0`,
    clients: [client("azure")],
    extraClaims: { tid: e2eSso.tenantId },
    port,
    accountFor,
  });
});
const urls = e2eIdpUrls({ azureIdp: azurePort, surfIdp: surfPort });
if (surf?.issuer !== urls.surfIssuer || azure?.issuer !== `${urls.azureAuthority}/${e2eSso.tenantId}/v2.0`) {
  throw new Error("the providers' issuers do not match tests/support/e2e-sso.ts");
}
// playwright.config.ts waits for this line and stores both ports in the environment (e2ePortVariables).
console.log(
  `OpenID providers ready: ${e2ePortVariables.azureIdp}=${azurePort} ${e2ePortVariables.surfIdp}=${surfPort}`,
);

// Nothing to keep: exit at once rather than wait for the browser's keep-alive connections.
process.on("SIGTERM", () => process.exit(0));
process.on("SIGINT", () => process.exit(0));

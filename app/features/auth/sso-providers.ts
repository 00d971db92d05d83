/** The SSO providers (Microsoft Entra ID, SURFconext); browser-safe. */
export { ssoProviders, type SsoProvider } from "#db/schema/enums-sso";

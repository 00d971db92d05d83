/** Browser-safe value list for single sign-on providers. */
export const ssoProviders = ["azure", "surfconext"] as const;
export type SsoProvider = (typeof ssoProviders)[number];

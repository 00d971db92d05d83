export const profileTabs = ["details", "password", "two-factor"] as const;
export type ProfileTab = (typeof profileTabs)[number];

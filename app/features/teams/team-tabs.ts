export const teamTabs = ["goalsAndAmbitions", "members", "leaders", "settings"] as const;
export type TeamTab = (typeof teamTabs)[number];

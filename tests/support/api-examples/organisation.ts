import type { ExampleOf } from "./index";

export const organisationExamples: Record<string, ExampleOf> = {
  listRoles: () => ({}),
  listPositions: () => ({ query: { page: "1", pageSize: "50" } }),
};

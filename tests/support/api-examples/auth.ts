import { DEMO_PASSWORD, demoUsers } from "../../../seed/demo-data";
import type { ExampleOf } from "./index";

export const authExamples: Record<string, ExampleOf> = {
  login: ({ role }) => ({ body: { email: demoUsers[role], password: DEMO_PASSWORD }, token: "" }),
  refresh: async ({ freshToken }) => ({ token: await freshToken() }),
  logout: async ({ freshToken }) => ({ token: await freshToken() }),
  getInit: () => ({}),
};

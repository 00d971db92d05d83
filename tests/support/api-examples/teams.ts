import type { ExampleOf } from "./index";

export const teamExamples: Record<string, ExampleOf> = {
  listTeams: () => ({ query: { page: "1", pageSize: "20" } }),
  getTeam: ({ w }) => ({ params: { id: w.demo.led.team } }),
  updateCriteriaSet: ({ w }) => ({ params: { id: w.demo.set }, body: { isActive: true } }),
};

import type { ExampleOf } from "./index";

export const competenceExamples: Record<string, ExampleOf> = {
  listCompetences: () => ({ query: { archived: "0", page: "1", pageSize: "50" } }),
  syncPositionCompetences: ({ w }) => ({
    body: { positionIds: [w.demo.position], tags: [w.demo.competenceTag], level: 3 },
  }),
  listActualScores: () => ({ query: { page: "1", pageSize: "20" } }),
  getPositionScores: ({ w }) => ({ params: { id: w.demo.position }, query: { pageSize: "20" } }),
  getMembershipScores: ({ w }) => ({ params: { id: w.demo.led.employee } }),
  getPosition: ({ w }) => ({ params: { id: w.demo.position } }),
  getPositionCompetences: ({ w }) => ({ params: { id: w.demo.position } }),
  assignPositionCompetences: ({ w }) => ({
    body: { assignments: [{ positionId: w.demo.position, competenceId: w.demo.competence, level: 4 }] },
  }),
};

import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import type { DemoWorld } from "../demo-world";
import { contextFor } from "../reviews";
import type { ExampleOf } from "./index";

/** A new round over Demo BV's `other` team, made by hr@demo.nl: something each DELETE example may remove. */
async function roundToDelete(w: DemoWorld): Promise<string> {
  const places = await getDb().execute<{ membership_id: string; role_key: string }>(sql`
    select membership_id, role_key from role_assignments where team_id = ${w.demo.other.team}`);
  const created = await createTeamReviewRound(await contextFor(w.cookies.hr), {
    name: "API-ronde om te verwijderen",
    deadline: "2099-12-01",
    setId: w.demo.other.roundSet,
    teamIds: [w.demo.other.team],
    tagIds: [],
    leaderMembershipIds: places.rows.filter((p) => p.role_key === "team_admin").map((p) => p.membership_id),
    memberMembershipIds: places.rows.filter((p) => p.role_key === "team_member").map((p) => p.membership_id),
  });
  if (!created.ok) throw new Error(`round not created: ${created.code}`);
  return created.roundId;
}

export const reviewExamples: Record<string, ExampleOf> = {
  listReviews: () => ({ query: { page: "1", pageSize: "20" } }),
  // The led team's round: a reviewer of it opens it, others get 403/404 as documented.
  getReview: ({ w }) => ({ params: { id: w.demo.led.round } }),
  getReviewSettings: () => ({}),
  getCriteriaStore: ({ w }) => ({ query: { for: "store", set: w.demo.set } }),
  // No type: a self review (spec §9). Andere BV's user sends Demo BV's ids: 404.
  createReview: ({ w }) => ({
    body: {
      name: "API-zelfreview",
      deadline: "01-12-2099",
      teams: [w.demo.led.team],
      tags: [],
      memberships: [w.demo.led.employee],
    },
  }),
  saveReview: ({ w }) => ({
    params: { id: w.demo.led.teamReview },
    body: { memberships: [{ id: w.demo.led.subject, developmentGoal: "Meer coachen" }] },
  }),
  deleteReviews: async ({ w }) => ({ body: { reviews: [await roundToDelete(w)] } }),
  reviewDetails: ({ w }) => ({ body: { reviews: [w.demo.led.round] } }),
  reviewMember: ({ w }) => ({
    params: { id: w.demo.led.teamReview },
    body: { membershipId: w.demo.led.employee },
  }),
  updateReviewMembership: ({ w }) => ({
    params: { reviewId: w.demo.led.teamReview, id: w.demo.led.subject },
    body: { developmentGoal: "Meer coachen" },
  }),
};

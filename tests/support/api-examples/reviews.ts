import type { ExampleOf } from "./index";

export const reviewExamples: Record<string, ExampleOf> = {
  listReviews: () => ({ query: { page: "1", pageSize: "20" } }),
  // The led team's round: a reviewer of it opens it, others get 403/404 as documented.
  getReview: ({ w }) => ({ params: { id: w.demo.led.round } }),
  getReviewSettings: () => ({}),
  getCriteriaStore: ({ w }) => ({ query: { for: "store", set: w.demo.set } }),
};

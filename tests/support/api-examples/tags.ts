import { callApi } from "../api-contract";
import type { ExampleOf } from "./index";

let serial = 0;

export const tagExamples: Record<string, ExampleOf> = {
  listTags: () => ({ query: { page: "1", pageSize: "50" } }),
  createTags: ({ role }) => ({
    body: [{ name: `Contract ${role} ${++serial}` }, { name: `Contract criteria ${role} ${serial}`, kind: "criteria" }],
  }),
  getTag: ({ w }) => ({ params: { id: w.demo.personnelTag } }),
  updateTag: ({ w, role }) => ({ params: { id: w.demo.criteriaTag }, body: { name: `Contract criteria ${role}` } }),
  deleteTag: ({ w }) => ({ params: { id: w.demo.criteriaTag } }),
  // A tag made here by the caller (when they may), so the removal answers 200 and the demo tags stay.
  bulkDestroyTags: async ({ w, role, freshToken }) => {
    const token = await freshToken();
    const made = await callApi({ method: "POST", url: "/api/tags", token, body: { name: `Weg ${role}` } });
    return { body: { tags: [(made.body as { tag?: { id: string } }).tag?.id ?? w.demo.personnelTag] }, token };
  },
};

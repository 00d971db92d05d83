import type { ExampleOf } from "./index";

let serial = 0;

export const peopleExamples: Record<string, ExampleOf> = {
  listUsers: ({ role }) => ({ query: { for: role === "medewerker" || role === "meerdere" ? "user" : "store" } }),
  createUser: ({ role }) => ({
    body: { firstName: "Contract", lastName: `Test ${role}`, email: `contract-${role}-${++serial}@example.nl` },
  }),
  // A person who is no demo user gets a cluster role: nobody's token ends by it.
  bulkUpdateUsers: ({ w }) => ({ body: { action: "roles", users: [w.demo.other.employee], assignment: "advisor" } }),
  getUser: ({ w }) => ({ params: { id: w.demo.other.employee } }),
  updateUser: ({ w }) => ({ params: { id: w.demo.other.employee }, body: { firstName: "Anne" } }),
};

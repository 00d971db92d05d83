import type { ExistingPerson } from "./import-compare";

/** A cluster's person as the comparison sees them, for the import's unit tests: `over` sets what a test needs. */
export const existingPerson = (over: Partial<ExistingPerson>): ExistingPerson => ({
  membershipId: "m1",
  employeeNumber: null,
  email: "x@example.com",
  firstName: "X",
  lastName: "Y",
  birthday: null,
  gender: null,
  phone: null,
  address: null,
  zip: null,
  city: null,
  status: "active",
  teams: [],
  ...over,
});

/**
 * One valid request per operation of the OpenAPI document, for the contract test: path ids from the demo
 * world, a query and a body. A new operation without an example fails api-contract.test.ts. Each area has
 * its own file; an example may prepare what it needs (a tag to delete) and may bring its own token.
 */
import type { DemoRole, DemoWorld } from "../demo-world";
import { authExamples } from "./auth";
import { competenceExamples } from "./competences";
import { organisationExamples } from "./organisation";
import { peopleExamples } from "./people";
import { reviewExamples } from "./reviews";
import { tagExamples } from "./tags";
import { taskExamples } from "./tasks";
import { teamExamples } from "./teams";

export type ExampleContext = {
  w: DemoWorld;
  role: DemoRole;
  /** A fresh token of this role (for calls that end their token: refresh, logout). */
  freshToken: () => Promise<string>;
};

export type Example = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Replaces the role's shared token. */
  token?: string;
};

export type ExampleOf = (c: ExampleContext) => Example | Promise<Example>;

export const apiExamples: Record<string, ExampleOf> = {
  ...authExamples,
  ...organisationExamples,
  ...peopleExamples,
  ...reviewExamples,
  ...taskExamples,
  ...tagExamples,
  ...teamExamples,
  ...competenceExamples,
};

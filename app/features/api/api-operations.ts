import type { ApiOperation } from "./operation";
import { authOperations } from "./schemas/auth";
import { competenceOperations } from "./schemas/competences";
import { criteriaOperations } from "./schemas/criteria";
import { criteriaSetOperations } from "./schemas/criteria-sets";
import { organisationOperations } from "./schemas/organisation";
import { peopleOperations } from "./schemas/people";
import { reviewOperations } from "./schemas/reviews";
import { tagOperations } from "./schemas/tags";
import { taskOperations } from "./schemas/tasks";
import { teamOperations } from "./schemas/teams";

/**
 * Every operation of the JSON API, by area. A new API route declares its operation in
 * `schemas/<area>.ts` and its area is listed here once; the OpenAPI document and the contract test
 * (tests/integration/api-contract.test.ts) read this list, so an undocumented route fails that test.
 */
export const apiOperationGroups: Record<string, Record<string, ApiOperation>> = {
  auth: authOperations,
  organisation: organisationOperations,
  people: peopleOperations,
  reviews: reviewOperations,
  criteria: criteriaOperations,
  tasks: taskOperations,
  tags: tagOperations,
  teams: teamOperations,
  criteriaSets: criteriaSetOperations,
  competences: competenceOperations,
};

export const apiOperations: ApiOperation[] = Object.values(apiOperationGroups).flatMap((group) => Object.values(group));

import * as z from "zod";
import { apiBulkSchema, apiUpdateSchema } from "~/features/employees/employees-api.schema";
import { apiUsersQuerySchema } from "~/features/employees/employee-list-filter";
import { personSchema } from "~/features/employees/employees.schema";
import { apiErrorSchema, apiOperation, id, isoDateTime } from "../operation";
import { roleSchema } from "./organisation";

/** Spec §3/§7 person fields the API adds to the personnel pages' rows (docs/decisions/1652). */
const personFields = {
  birthday: z.string().nullable().meta({ description: "dd-MM-yyyy (spec §9), or null." }),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: z.enum(["nl", "en", "de"]),
  loginType: z.string(),
  verified: z.boolean().meta({ description: "The e-mail address is confirmed." }),
  updatesFrequency: z.string(),
};

const assignedRole = z.object({
  id: id(),
  key: z.string(),
  level: z.enum(["cluster", "team"]),
  teamId: id().nullable(),
});
const teamPlace = z.object({ id: id(), name: z.string(), role: z.string() });
const option = z.object({ id: id(), name: z.string() });

/** What a store row and a single employee both say. */
const employeeFields = {
  membershipId: id(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  employeeNumber: z.string().nullable(),
  status: z.enum(["active", "inactive"]),
  access: z.boolean(),
  invited: z.boolean(),
  roles: z.array(assignedRole),
  teams: z.array(teamPlace),
  ...personFields,
};

const storeUser = z.object({
  ...employeeFields,
  id: id().meta({ description: "The user's id." }),
  tags: z.array(id()).meta({ description: "Ids of personnel tags (the answer's `tags` names them)." }),
});

/** GET api/users/{id} and ?for=user: one employee, unwrapped. */
export const apiUserSchema = z.object({
  ...employeeFields,
  id: id().meta({ description: "The membership (employee) id." }),
  userId: id(),
  deletedAt: isoDateTime().nullable(),
  tags: z.array(option),
});

const bulkResult = {
  changed: z.number().int(),
  unchanged: z.array(z.string()).meta({ description: "Names of the selected people that stayed as they were." }),
  errorKey: z.string().optional(),
  unknownTeams: z.array(z.string()).optional(),
};

export const peopleOperations = {
  list: apiOperation({
    operationId: "listUsers",
    method: "get",
    path: "/api/users",
    tag: "People",
    summary: "The cluster's people for the store, or the caller's own record",
    description:
      "`?for=store` (right users.manage): every employee matching the personnel list's filters, with the roles, " +
      "teams and personnel tags to choose from. `?for=user` (every signed-in user): the caller's own employee " +
      "record, shaped as GET /api/users/{id}. The store is not paged: it is the client's cache of the cluster.",
    access: "users.manage (for=store); signed-in (for=user)",
    // The personnel page's filter (a value outside its list is no filter, as on the page).
    query: apiUsersQuerySchema,
    responses: {
      200: {
        description: "for=store: users, roles, teams, tags. for=user: the caller's record.",
        schema: z.union([
          z.object({
            users: z.array(storeUser),
            roles: z.array(roleSchema),
            teams: z.array(option),
            tags: z.array(option),
          }),
          apiUserSchema,
        ]),
      },
      404: { description: "for=user: the caller has no employee record in this cluster.", schema: apiErrorSchema },
    },
  }),
  create: apiOperation({
    operationId: "createUser",
    method: "post",
    path: "/api/users",
    tag: "People",
    summary: "Add or connect a person (the new-person wizard's rules)",
    access: "users.manage",
    body: personSchema,
    responses: {
      201: {
        description: "Added or connected.",
        schema: z.object({ outcome: z.string(), membershipId: id().nullable().optional() }),
      },
      409: {
        description: "The address is taken; `outcome` says how (spec §4 lookup outcomes).",
        schema: z.object({ outcome: z.string(), membershipId: id().nullable().optional() }),
      },
    },
  }),
  bulk: apiOperation({
    operationId: "bulkUpdateUsers",
    method: "put",
    path: "/api/users",
    tag: "People",
    summary: "One action over a list of people",
    description:
      "Actions: activate, deactivate, invite, uninvite, grant_access, revoke_access, cluster_admin_add and " +
      "cluster_admin_remove (`role`, a cluster role, cluster_admin by default, at `level` cluster), teams " +
      "(`teams` and `assignment`: team_member or team_admin), unassign_teams (`teams`), roles (`assignment`: " +
      "role key or keys). Nothing changed is 422 with the spec's text, e.g. 'Geen gebruiker geupdate', " +
      "'Geen gebruikers gedeactiveerd'.",
    access: "users.manage",
    body: apiBulkSchema,
    responses: {
      200: { description: "Something changed.", schema: z.object(bulkResult) },
      422: {
        description: "Not valid, or nothing changed (`error: noChange`, the spec's message).",
        schema: apiErrorSchema.extend(bulkResult).partial({ changed: true, unchanged: true }),
      },
    },
  }),
  get: apiOperation({
    operationId: "getUser",
    method: "get",
    path: "/api/users/{id}",
    tag: "People",
    summary: "One employee of the cluster",
    access: "users.manage",
    responses: { 200: { description: "The employee, unwrapped.", schema: apiUserSchema } },
  }),
  update: apiOperation({
    operationId: "updateUser",
    method: "put",
    path: "/api/users/{id}",
    tag: "People",
    summary: "Change name, first and last name, account admin",
    access: "users.manage",
    body: apiUpdateSchema,
    responses: { 200: { description: "The employee as it is now.", schema: apiUserSchema } },
  }),
};

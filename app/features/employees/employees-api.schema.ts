import * as z from "zod";
import { lineText } from "~/utils/text-schema";

/** Spec §7 action names of PUT /api/users, mapped to the bulk actions of the list page. */
export const apiBulkActions = {
  activate: "activate",
  deactivate: "deactivate",
  grant_access: "grantAccess",
  revoke_access: "revokeAccess",
  invite: "invite",
  uninvite: "uninvite",
  cluster_admin_add: "clusterAdminAdd",
  cluster_admin_remove: "clusterAdminRemove",
  teams: "assignTeams",
  unassign_teams: "unassignTeams",
  roles: "assignRoles",
} as const;

export const apiBulkSchema = z.object({
  action: z.enum(Object.keys(apiBulkActions) as [keyof typeof apiBulkActions, ...(keyof typeof apiBulkActions)[]]),
  users: z.array(lineText()).min(1),
  teams: z.array(lineText()).optional(),
  roles: z.array(lineText()).optional(),
});

export const apiUpdateSchema = z.object({
  name: lineText().optional(),
  firstName: lineText().trim().max(100).optional(),
  lastName: lineText().trim().max(100).optional(),
  accountAdmin: z.boolean().optional(),
});

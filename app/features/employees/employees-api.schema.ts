import * as z from "zod";
import { clusterRoleKeys } from "~/utils/cluster-roles";
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

/**
 * PUT api/users (spec §7, docs/decisions/1652): `assignment` is what the action gives — for `roles` the
 * role key(s), for `teams` the team place (team_member, the default, or team_admin); `role` and `level` name
 * the cluster role of cluster_admin_add/-remove (cluster_admin at cluster level by default). `roles` as a
 * list stays accepted beside `assignment`.
 */
export const apiBulkSchema = z
  .object({
    action: z.enum(Object.keys(apiBulkActions) as [keyof typeof apiBulkActions, ...(keyof typeof apiBulkActions)[]]),
    users: z.array(lineText()).min(1).max(10_000),
    teams: z.array(lineText()).max(1000).optional(),
    assignment: z.union([lineText().max(100), z.array(lineText().max(100)).max(20)]).optional(),
    roles: z.array(lineText()).max(20).optional(),
    role: z.enum(clusterRoleKeys).optional(),
    level: z.enum(["cluster", "team"]).optional(),
  })
  .superRefine((body, issues) => {
    if (body.action === "teams" && body.assignment !== undefined) {
      if (typeof body.assignment !== "string" || !["team_member", "team_admin"].includes(body.assignment)) {
        issues.addIssue({ code: "custom", path: ["assignment"], message: "Use team_member or team_admin." });
      }
    }
    if (body.level === "team") {
      issues.addIssue({
        code: "custom",
        path: ["level"],
        message: "Cluster roles are given at cluster level; team places are given with the action teams.",
      });
    }
  });

export type ApiBulk = z.output<typeof apiBulkSchema>;

/** The role keys a roles action gives: its assignment and the roles list together. */
export function assignedRoleKeys(body: ApiBulk): string[] {
  const assignment = body.assignment === undefined ? [] : [body.assignment].flat();
  return [...assignment, ...(body.roles ?? [])];
}

export const apiUpdateSchema = z.object({
  name: lineText().optional(),
  firstName: lineText().trim().max(100).optional(),
  lastName: lineText().trim().max(100).optional(),
  accountAdmin: z.boolean().optional(),
});

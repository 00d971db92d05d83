import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TeamSettingsForm } from "~/features/teams/components/team-settings-form";
import { teamSchema } from "~/features/teams/teams.schema";
import { getTeam, renameTeam } from "~/features/teams/teams.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const team = await getTeam(ctx, requireUuid(params.id));
  return { title: detailPageTitle(await getServerT(request), team.name, "teams:tabs.settings"), team };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const teamId = requireUuid(params.id);
  const submission = parseWithZod(await readForm(request), { schema: teamSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("update", "team", () => renameTeam(ctx, teamId, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/personnel/teams/${teamId}/settings`, { key: "teams:saved" });
}

export default function TeamSettingsRoute() {
  const { team } = useLoaderData<typeof loader>();
  return <TeamSettingsForm team={team} lastResult={useActionData<typeof action>()} />;
}

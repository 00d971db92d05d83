import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TeamDeleteConfirm } from "~/features/teams/components/team-confirmations";
import { deleteTeam, getTeam } from "~/features/teams/teams.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["teams"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const team = await getTeam(ctx, requireUuid(params.id));
  const t = await getServerT(request);
  return { title: pageTitle(t, "teams:delete.title"), team };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const team = await getTeam(ctx, requireUuid(params.id));
  await writeOrRedirect("delete", "team", request, () => deleteTeam(ctx, team.id));
  return redirectWithToast("/personnel/teams", { key: "teams:delete.done", values: { name: team.name } });
}

export default function DeleteTeamPage() {
  const { t } = useTranslation();
  const { team } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("teams:delete.heading", { name: team.name })}</h1>
      <TeamDeleteConfirm team={team} />
    </div>
  );
}

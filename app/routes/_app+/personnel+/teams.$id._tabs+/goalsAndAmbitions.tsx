import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { getTeam } from "~/features/teams/teams.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const team = await getTeam(ctx, requireUuid(params.id));
  return { title: detailPageTitle(await getServerT(request), team.name, "teams:tabs.goalsAndAmbitions") };
}

export default function TeamGoalsRoute() {
  const { t } = useTranslation();
  return <p>{t("teams:goalsLater")}</p>;
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { PageHeader } from "~/components/ui/table";
import { PlanningNeedForm } from "~/features/planning/components/planning-need-form";
import { parseHorizon } from "~/features/planning/planning";
import { planningNeedKeySchema, planningNeedSchema } from "~/features/planning/planning.schema";
import {
  getPlanningNeed,
  planningChoices,
  planningEditScope,
  removePlanningNeed,
  savePlanningNeed,
} from "~/features/planning/planning.server";
import { getServerT } from "~/utils/i18n.server";
import { isUuid, notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * Setting a need (docs/decisions/1550): teams.manage, for the teams the team scope gives (1420). The team,
 * position and horizon come in the query (a row's link) or are chosen in the form; a team or position of
 * another cluster is a 404.
 */
export const handle = { i18n: ["planning", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const params = new URL(request.url).searchParams;
  const horizon = parseHorizon(params.get("horizon")) ?? "current";
  const teamId = params.get("team") ?? "";
  const positionId = params.get("position") ?? "";
  // A link names an existing row: both ids well-formed and ours, else 404. Without them, a new need.
  const named = teamId !== "" || positionId !== "";
  if (named && !(isUuid(teamId) && isUuid(positionId))) notFound();
  const need = named ? await getPlanningNeed(ctx, { teamId, positionId, horizon }) : null;
  const t = await getServerT(request);
  return {
    title: pageTitle(t, named ? "planning:form.editTitle" : "planning:form.newTitle"),
    named,
    exists: need !== null,
    defaults: {
      teamId,
      positionId,
      horizon,
      employees: need?.employees ?? null,
      fte: need?.fte ?? null,
      reason: need?.reason ?? "",
    },
    ...(await planningChoices(ctx, planningEditScope(ctx))),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case "save": {
      const submission = parseWithZod(formData, { schema: planningNeedSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      await savePlanningNeed(ctx, submission.value);
      const { horizon, teamId } = submission.value;
      return redirectWithToast(`/analytics/planning/${horizon}?team=${teamId}`, { key: "planning:saved" });
    }
    case "remove": {
      const submission = parseWithZod(formData, { schema: planningNeedKeySchema });
      if (submission.status !== "success") notFound();
      await removePlanningNeed(ctx, submission.value);
      const { horizon, teamId } = submission.value;
      return redirectWithToast(`/analytics/planning/${horizon}?team=${teamId}`, { key: "planning:removed" });
    }
    default:
      return data(null, { status: 400 });
  }
}

export default function PlanningNeedPage() {
  const { t } = useTranslation();
  const { named, exists, defaults, teams, positions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to={`/analytics/planning/${defaults.horizon}`}>{t("planning:form.back")}</Link>
      </p>
      <PageHeader title={t(named ? "planning:form.editTitle" : "planning:form.newTitle")} />
      <div className="mt-4 rounded bg-white p-6 shadow-sm">
        <PlanningNeedForm
          lastResult={lastResult ?? undefined}
          defaults={defaults}
          teams={teams}
          positions={positions}
        />
      </div>
      {exists ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="teamId" value={defaults.teamId} />
          <input type="hidden" name="positionId" value={defaults.positionId} />
          <input type="hidden" name="horizon" value={defaults.horizon} />
          <Button name="intent" value="remove" variant="danger">
            {t("planning:form.remove")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

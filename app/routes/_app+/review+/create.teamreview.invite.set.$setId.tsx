import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { ListTable } from "~/components/ui/table";
import { inviteTeamLeaders } from "~/features/reviews/team-review-mail.server";
import { roundInvitationState } from "~/features/reviews/team-review-overview.server";
import { notFound } from "~/utils/not-found";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule, type TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["teamreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * The invite step (spec: review/create/teamreview/invite/set/{setId}); the round comes as ?round=.
 * A round that ctx may not see, or whose set is not {setId}, is a 404 (docs/decisions/0510).
 */
async function loadRound(ctx: TenantContext, request: Request, setId: string | undefined) {
  const roundId = new URL(request.url).searchParams.get("round") ?? "";
  const state = await roundInvitationState(ctx, roundId);
  if (!setId || state.round.setId !== setId) notFound();
  return state;
}

/** After "invite", the page looks again every few seconds until every leader is invited, for a minute at most. */
const RECHECK_SECONDS = 3;
const MAX_RECHECKS = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  const state = await loadRound(ctx, request, params.setId);
  const t = await getServerT(request);
  const url = new URL(request.url);
  const checks = Math.max(0, Number.parseInt(url.searchParams.get("checks") ?? "0", 10) || 0);
  return {
    title: pageTitle(t, "teamreviews:invite.title"),
    sent: url.searchParams.get("sent") === "1",
    checks,
    round: { id: state.round.id, name: state.round.name, deadline: formatDate(state.round.deadline) },
    teamReviews: state.teamReviews.map((r) => ({
      ...r,
      leaders: r.leaders.map((l) => ({ ...l, invitedAt: l.invitedAt ? formatDate(l.invitedAt) : null })),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  const state = await loadRound(ctx, request, params.setId);
  const ok = await inviteTeamLeaders(ctx, state.round.id);
  if (!ok) return data({ error: "teamreviews:errors.inviteFailed" }, { status: 503 });
  return redirectWithToast(`/review/create/teamreview/invite/set/${params.setId}?round=${state.round.id}&sent=1`, {
    key: "teamreviews:invite.sending",
  });
}

export default function InviteTeamLeadersPage() {
  const { t } = useTranslation();
  const { round, teamReviews, sent, checks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = teamReviews.some((r) => r.leaders.some((l) => !l.invitedAt));
  const waiting = sent && pending && checks < MAX_RECHECKS;
  const { revalidate } = useRevalidator();
  // With JavaScript the statuses are fetched again in place; without, the <noscript> refresh reloads the page.
  useEffect(() => {
    if (!waiting) return;
    let done = 0;
    const timer = setInterval(() => {
      done += 1;
      if (done >= MAX_RECHECKS) clearInterval(timer);
      revalidate();
    }, RECHECK_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [waiting, revalidate]);
  const recheckUrl = `?round=${round.id}&sent=1&checks=${checks + 1}`;
  return (
    <div className="max-w-4xl">
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${RECHECK_SECONDS};url=${recheckUrl}`} />
        </noscript>
      ) : null}
      <p>
        <Link to="/teamreviews/overview">{t("teamreviews:invite.toOverview")}</Link>
      </p>
      <h1 className="mb-2 mt-2">{t("teamreviews:invite.title")}</h1>
      <p className="mb-4">{t("teamreviews:invite.intro", { name: round.name, deadline: round.deadline })}</p>
      {sent ? (
        <p className="mb-4 rounded border-l-4 border-success bg-success-bg p-4 text-success">
          {t("teamreviews:invite.sendingNotice")}
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded border-2 border-danger bg-danger-bg p-4 font-medium text-danger">
          {t(actionData.error)}
        </p>
      ) : null}
      <ListTable
        caption={t("teamreviews:invite.tableCaption")}
        columns={[
          { label: t("teamreviews:overview.team") },
          { label: t("teamreviews:overview.leaders") },
          { label: t("teamreviews:invite.status") },
        ]}
      >
        {teamReviews.flatMap((r) =>
          r.leaders.map((l, i) => (
            <tr key={`${r.id}-${l.email}`} className="border-b last:border-0">
              <td className="p-2">{i === 0 ? r.teamName : null}</td>
              <td className="p-2">
                {l.name} <span className="text-sm text-ink-muted">({l.email})</span>
              </td>
              <td className="p-2">
                {l.invitedAt
                  ? t("teamreviews:invite.invitedOn", { date: l.invitedAt })
                  : t("teamreviews:invite.notInvited")}
              </td>
            </tr>
          )),
        )}
      </ListTable>
      <Form method="post" className="mt-6">
        {pending ? (
          <Button disabled={navigation.state === "submitting"}>{t("teamreviews:invite.submit")}</Button>
        ) : (
          <p>{t("teamreviews:invite.allInvited")}</p>
        )}
      </Form>
    </div>
  );
}

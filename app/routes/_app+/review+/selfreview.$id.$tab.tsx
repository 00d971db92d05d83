import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { ListTable } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import {
  deleteSelfReview,
  getSelfReviewDetails,
  setSelfReviewCompleted,
  setSelfReviewLocked,
} from "~/features/reviews/self-review-admin.server";
import { inviteSelfReviewParticipants, resendSelfReviewInvitations } from "~/features/reviews/self-review-mail.server";
import { requireReview } from "~/features/reviews/review-access.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { personName } from "~/utils/person-name";

export const handle = { i18n: ["selfreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const tabKeys = ["details", "participants", "results"] as const;
type TabKey = (typeof tabKeys)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  const tab = params.tab as TabKey;
  if (!tabKeys.includes(tab)) notFound();
  const details = await getSelfReviewDetails(ctx, params.id ?? "");
  const t = await getServerT(request);
  const { review } = details;
  return {
    title: `${review.name} · ${pageTitle(t, "selfreviews:details.pageTitle")}`,
    tab,
    confirmDelete: new URL(request.url).searchParams.get("confirm") === "delete",
    review: {
      id: review.id,
      name: review.name,
      deadline: formatDate(review.deadline),
      createdAt: formatDate(review.createdAt),
      locked: Boolean(review.lockedAt),
      isFinished: review.isFinished,
    },
    teams: details.teams.map((team) => team.name),
    tags: details.tags,
    source: details.source,
    questions: details.questions,
    // "Send" while someone who has not finished was never invited, "send again" once someone was (both after a
    // partial send): a fresh review offers only the first.
    canInvite: details.participants.some((p) => !p.invitedAt && !p.finishedAt),
    canResend: details.participants.some((p) => p.invitedAt && !p.finishedAt),
    participants: details.participants.map((p) => ({
      membershipId: p.membershipId,
      name: personName(p.firstName, p.lastName),
      teamName: p.teamName,
      answered: p.answered,
      finished: formatDate(p.finishedAt),
      invited: formatDate(p.invitedAt),
      scores: [p.performance, p.potential, p.employability],
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  const review = await requireReview(ctx, params.id ?? "", "self");
  const intent = String((await readForm(request)).get("intent") ?? "");
  const back = `/review/selfreview/${review.id}/${tabKeys.includes(params.tab as TabKey) ? params.tab : "details"}`;
  switch (intent) {
    case "lock":
    case "unlock":
      await setSelfReviewLocked(ctx, review.id, intent === "lock");
      return redirectWithToast(back, { key: `selfreviews:details.${intent}ed` });
    case "confirm":
    case "rollback":
      await setSelfReviewCompleted(ctx, review.id, intent === "confirm");
      return redirectWithToast(back, {
        key: intent === "confirm" ? "selfreviews:details.confirmed" : "selfreviews:details.rolledBack",
      });
    case "invite":
      return redirectWithToast(
        back,
        (await inviteSelfReviewParticipants(ctx, review.id))
          ? { key: "selfreviews:details.inviting" }
          : { key: "selfreviews:errors.inviteFailed", type: "error" },
      );
    case "resend": {
      const count = await resendSelfReviewInvitations(ctx, review.id);
      return redirectWithToast(
        back,
        count === null
          ? { key: "selfreviews:errors.inviteFailed", type: "error" }
          : { key: "selfreviews:details.resending", values: { count } },
      );
    }
    case "delete":
      await deleteSelfReview(ctx, review.id);
      return redirectWithToast("/selfreviews/overview", { key: "selfreviews:details.deleted" });
    default:
      return data({ ok: false }, { status: 400 });
  }
}

export default function SelfReviewTabsPage() {
  const { t, i18n } = useTranslation();
  const view = useLoaderData<typeof loader>();
  const { review } = view;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const base = `/review/selfreview/${review.id}`;
  return (
    <div className="max-w-5xl">
      <p>
        <Link to="/selfreviews/overview">{t("selfreviews:create.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{review.name}</h1>
      <Tabs
        label={t("selfreviews:details.tabsLabel")}
        baseHref={base}
        current={view.tab}
        tabs={tabKeys.map((key) => ({ key, label: t(`selfreviews:details.tabs.${key}`) }))}
      />
      {view.tab === "details" ? (
        <>
          <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-medium">{t("selfreviews:create.deadline")}</dt>
            <dd>{review.deadline || "–"}</dd>
            <dt className="font-medium">{t("selfreviews:overview.teams")}</dt>
            <dd>{view.teams.join(", ") || "–"}</dd>
            <dt className="font-medium">{t("selfreviews:details.tags")}</dt>
            <dd>{view.tags.join(", ") || "–"}</dd>
            <dt className="font-medium">{t("selfreviews:details.source")}</dt>
            <dd>{view.source ? view.source.name : t("selfreviews:details.noSource")}</dd>
            <dt className="font-medium">{t("selfreviews:details.questions")}</dt>
            <dd>{view.questions}</dd>
            <dt className="font-medium">{t("selfreviews:my.state")}</dt>
            <dd>{t(`selfreviews:my.states.${review.isFinished ? "finished" : review.locked ? "locked" : "open"}`)}</dd>
          </dl>
          {view.confirmDelete ? (
            <Form method="post" className="rounded border-2 border-danger bg-white p-4">
              <p className="mb-4">{t("selfreviews:details.deleteConfirm", { name: review.name })}</p>
              <div className="flex flex-wrap items-center gap-4">
                <Button name="intent" value="delete" variant="danger">
                  {t("selfreviews:details.delete")}
                </Button>
                <Link to={`${base}/details`}>{t("selfreviews:finish.cancel")}</Link>
              </div>
            </Form>
          ) : (
            <div className="flex flex-wrap items-center gap-4">
              {view.canInvite ? (
                <Form method="post">
                  <Button name="intent" value="invite">
                    {t("selfreviews:details.invite")}
                  </Button>
                </Form>
              ) : null}
              {view.canResend ? (
                <Form method="post">
                  <Button name="intent" value="resend" variant="secondary">
                    {t("selfreviews:details.resend")}
                  </Button>
                </Form>
              ) : null}
              <Form method="post">
                <Button name="intent" value={review.locked ? "unlock" : "lock"} variant="secondary">
                  {t(review.locked ? "selfreviews:details.unlock" : "selfreviews:details.lock")}
                </Button>
              </Form>
              <Form method="post">
                <Button name="intent" value={review.isFinished ? "rollback" : "confirm"} variant="secondary">
                  {t(review.isFinished ? "selfreviews:details.rollback" : "selfreviews:details.confirm")}
                </Button>
              </Form>
              <Link to={`${base}/details?confirm=delete`} className="text-danger">
                {t("selfreviews:details.delete")}
              </Link>
            </div>
          )}
        </>
      ) : null}
      {view.tab === "participants" ? (
        <ListTable
          caption={t("selfreviews:details.tabs.participants")}
          columns={[
            { label: t("selfreviews:questionnaire.person") },
            { label: t("selfreviews:questionnaire.team") },
            { label: t("selfreviews:details.invited") },
            { label: t("selfreviews:my.progress") },
            { label: t("selfreviews:details.finishedOn") },
            { label: t("selfreviews:my.questionnaire"), hidden: true },
          ]}
        >
          {view.participants.map((p) => (
            <tr key={p.membershipId} className="border-b">
              <td className="p-2">{p.name}</td>
              <td className="p-2">{p.teamName}</td>
              <td className="p-2">{p.invited || t("selfreviews:details.notInvited")}</td>
              <td className="p-2">
                {t("selfreviews:questionnaire.progress", {
                  done: Math.min(p.answered, view.questions),
                  total: view.questions,
                })}
              </td>
              <td className="p-2">{p.finished || "–"}</td>
              <td className="p-2">
                <Link
                  to={`/selfreview/questionnaire/${review.id}/${p.membershipId}`}
                  aria-label={t("selfreviews:details.questionnaireOf", { name: p.name })}
                >
                  {t("selfreviews:my.questionnaire")}
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {view.tab === "results" ? (
        <ListTable
          caption={t("selfreviews:details.tabs.results")}
          columns={[
            { label: t("selfreviews:questionnaire.person") },
            { label: t("selfreviews:questionnaire.team") },
            { label: t("selfreviews:details.ownAverages") },
            { label: t("selfreviews:my.result"), hidden: true },
          ]}
        >
          {view.participants.map((p) => (
            <tr key={p.membershipId} className="border-b">
              <td className="p-2">{p.name}</td>
              <td className="p-2">{p.teamName}</td>
              <td className="p-2">{p.scores.map((s) => (s === null ? "–" : number.format(s))).join(" · ")}</td>
              <td className="p-2">
                <Link
                  to={`/selfreview/result/${review.id}/${p.membershipId}`}
                  aria-label={t("selfreviews:details.resultOf", { name: p.name })}
                >
                  {t("selfreviews:my.result")}
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </div>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { ListTable } from "~/components/ui/table";
import { getPeerReviewDetails, requireWholePeerRound } from "~/features/peer-reviews/peer-review-admin.server";
import { decideNomination, pendingNominations } from "~/features/peer-reviews/peer-nominations.server";
import { invitePeerReviewers, resendPeerReviewInvitations } from "~/features/peer-reviews/peer-review-mail.server";
import {
  setQuestionnaireReviewLocked,
  softDeleteQuestionnaireReview,
} from "~/features/reviews/self-review-admin.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["peerreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  const [details, nominations, t] = await Promise.all([
    getPeerReviewDetails(ctx, params.id ?? ""),
    pendingNominations(ctx, params.id ?? ""),
    getServerT(request),
  ]);
  const { review } = details;
  return {
    title: `${review.name} · ${pageTitle(t, "peerreviews:title")}`,
    review: {
      id: review.id,
      name: review.name,
      deadline: formatDate(review.deadline),
      state: review.isFinished ? "finished" : review.lockedAt ? "locked" : "open",
    },
    participants: details.participants,
    reviewers: details.reviewers,
    invited: details.invited,
    wholeRound: details.wholeRound,
    nominations,
    confirmDelete: new URL(request.url).searchParams.get("confirm") === "delete",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  const id = params.id ?? "";
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const back = `/peerreviews/${id}`;
  switch (intent) {
    case "lock":
    case "unlock":
      await requireWholePeerRound(ctx, id);
      await setQuestionnaireReviewLocked(ctx, id, "peer", intent === "lock");
      return redirectWithToast(back, { key: `peerreviews:details.${intent}edToast` });
    case "invite":
      return redirectWithToast(
        back,
        (await invitePeerReviewers(ctx, id))
          ? { key: "peerreviews:details.inviteQueued" }
          : { key: "peerreviews:errors.inviteFailed", type: "error" },
      );
    case "resend": {
      const count = await resendPeerReviewInvitations(ctx, id);
      return redirectWithToast(
        back,
        count === null
          ? { key: "peerreviews:errors.inviteFailed", type: "error" }
          : { key: "peerreviews:details.resent", values: { count } },
      );
    }
    case "approve":
    case "reject": {
      const result = await decideNomination(ctx, id, String(formData.get("nominationId") ?? ""), intent === "approve");
      return redirectWithToast(
        back,
        result.ok
          ? { key: `peerreviews:nominations.${intent === "approve" ? "approved" : "rejected"}` }
          : { key: `peerreviews:errors.${result.code}`, type: "error" },
      );
    }
    case "delete":
      await requireWholePeerRound(ctx, id);
      await softDeleteQuestionnaireReview(ctx, id, "peer");
      return redirectWithToast("/peerreviews/overview", { key: "peerreviews:details.deleted" });
    default:
      return data({ ok: false }, { status: 400 });
  }
}

export default function PeerReviewDetailsPage() {
  const { t } = useTranslation();
  const view = useLoaderData<typeof loader>();
  const { review } = view;
  const base = `/peerreviews/${review.id}`;
  return (
    <div className="max-w-5xl">
      <p>
        <Link to="/peerreviews/overview">{t("peerreviews:details.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{review.name}</h1>
      <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium">{t("peerreviews:details.deadline")}</dt>
        <dd>{review.deadline || "–"}</dd>
        <dt className="font-medium">{t("peerreviews:details.state")}</dt>
        <dd>{t(`peerreviews:overview.states.${review.state}`)}</dd>
        <dt className="font-medium">{t("peerreviews:details.invitations")}</dt>
        <dd>{t("peerreviews:details.invitedCount", { invited: view.invited, reviewers: view.reviewers })}</dd>
      </dl>
      {view.confirmDelete ? (
        <Form method="post" className="mb-6 rounded border-2 border-danger bg-white p-4">
          <h2 className="mb-2 text-lg">{t("peerreviews:details.confirmDelete")}</h2>
          <p className="mb-4">{t("peerreviews:details.confirmDeleteHint")}</p>
          <div className="flex flex-wrap items-center gap-4">
            <Button name="intent" value="delete" variant="danger">
              {t("peerreviews:details.confirmDeleteSubmit")}
            </Button>
            <Link to={base}>{t("peerreviews:details.cancel")}</Link>
          </div>
        </Form>
      ) : (
        <div className="mb-6 flex flex-wrap items-center gap-4">
          <Link to={`${base}/peers`} className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline">
            {t("peerreviews:details.choosePeers")}
          </Link>
          <Form method="post">
            <Button name="intent" value="invite" variant="secondary">
              {t("peerreviews:details.invite")}
            </Button>
          </Form>
          {review.state === "open" && view.reviewers > 0 ? (
            <Form method="post">
              <Button name="intent" value="resend" variant="secondary">
                {t("peerreviews:details.resend")}
              </Button>
            </Form>
          ) : null}
          {view.wholeRound ? (
            <>
              <Form method="post">
                <Button name="intent" value={review.state === "locked" ? "unlock" : "lock"} variant="secondary">
                  {t(review.state === "locked" ? "peerreviews:details.unlock" : "peerreviews:details.lock")}
                </Button>
              </Form>
              <Link to={`${base}?confirm=delete`} className="text-danger">
                {t("peerreviews:details.delete")}
              </Link>
            </>
          ) : null}
        </div>
      )}
      {view.nominations.length > 0 ? (
        <section className="mb-6" aria-labelledby="nominations-heading">
          <h2 id="nominations-heading" className="mb-2 text-xl">
            {t("peerreviews:nominations.heading")}
          </h2>
          <ul className="divide-y rounded bg-white shadow-sm">
            {view.nominations.map((n) => (
              <li key={n.id} className="flex flex-wrap items-center gap-4 p-3">
                <span className="grow">
                  {t("peerreviews:nominations.proposal", { subject: n.subjectName, nominee: n.nomineeName })}
                </span>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="nominationId" value={n.id} />
                  <Button
                    name="intent"
                    value="approve"
                    variant="secondary"
                    aria-label={t("peerreviews:nominations.approveLabel", {
                      subject: n.subjectName,
                      nominee: n.nomineeName,
                    })}
                  >
                    {t("peerreviews:nominations.approve")}
                  </Button>
                  <Button
                    name="intent"
                    value="reject"
                    variant="secondary"
                    aria-label={t("peerreviews:nominations.rejectLabel", {
                      subject: n.subjectName,
                      nominee: n.nomineeName,
                    })}
                  >
                    {t("peerreviews:nominations.reject")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ListTable
        caption={t("peerreviews:details.participantsCaption")}
        columns={[
          { label: t("peerreviews:details.participant") },
          { label: t("peerreviews:details.peersAsked") },
          { label: t("peerreviews:details.peersAnswered") },
          { label: t("peerreviews:details.self") },
          { label: t("peerreviews:details.leaders") },
          { label: t("peerreviews:details.result"), hidden: true },
        ]}
      >
        {view.participants.map((p) => (
          <tr key={p.subjectId} className="border-b">
            <td className="p-2">{p.name}</td>
            <td className="p-2">{p.peersAsked}</td>
            <td className="p-2">{p.peersAnswered}</td>
            <td className="p-2">{t(p.selfDone ? "peerreviews:details.yes" : "peerreviews:details.no")}</td>
            <td className="p-2">
              {t("peerreviews:details.leadersProgress", { done: p.leadersDone, asked: p.leadersAsked })}
            </td>
            <td className="p-2">
              <Link to={`/peerreview/result/${review.id}/${p.membershipId}`}>{t("peerreviews:details.result")}</Link>
            </td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}

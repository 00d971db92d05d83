import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { finishPeerQuestionnaire, getPeerQuestionnaire } from "~/features/peer-reviews/peer-questionnaire.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["peerreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const q = await getPeerQuestionnaire(ctx, params.assignmentId ?? "");
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "peerreviews:finish.title"),
    assignmentId: q.assignment.id,
    review: { id: q.review.id, name: q.review.name },
    personName: q.personName,
    readOnly: q.readOnly,
    missing: q.missing,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const assignmentId = params.assignmentId ?? "";
  const result = await finishPeerQuestionnaire(ctx, assignmentId);
  if (!result.ok)
    return redirectWithToast(`/peerreview/questionnaire/${assignmentId}`, {
      type: "error",
      key: `peerreviews:errors.${result.code}`,
    });
  return redirectWithToast("/peerreview", { key: "peerreviews:finish.done" });
}

export default function FinishPeerQuestionnairePage() {
  const { t } = useTranslation();
  const { assignmentId, review, personName, readOnly, missing } = useLoaderData<typeof loader>();
  const back = `/peerreview/questionnaire/${assignmentId}`;
  return (
    <div className="max-w-3xl">
      <p>
        <Link to={back}>{t("peerreviews:finish.back")}</Link>
      </p>
      <h1 className="mb-2 mt-2">{t("peerreviews:finish.title")}</h1>
      <p className="mb-4">
        {review.name} · {personName}
      </p>
      {readOnly ? (
        <p className="rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t(`peerreviews:questionnaire.readOnly.${readOnly}`)}
        </p>
      ) : (
        <>
          {missing.length > 0 ? (
            <div role="alert" className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-3">
              <h2 className="text-lg">{t("peerreviews:finish.incomplete")}</h2>
              <p className="mb-2">{t("peerreviews:finish.incompleteHint")}</p>
              <ul className="mb-2 ml-5 list-disc">
                {missing.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="mb-4">{t("peerreviews:finish.complete")}</p>
          )}
          <p className="mb-4">{t("peerreviews:finish.explain")}</p>
          <Form method="post" className="flex flex-wrap items-center gap-4">
            <Button>{t("peerreviews:finish.submit")}</Button>
            <Link to={back}>{t("peerreviews:finish.cancel")}</Link>
          </Form>
        </>
      )}
    </div>
  );
}

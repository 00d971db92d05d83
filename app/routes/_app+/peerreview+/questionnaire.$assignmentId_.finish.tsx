import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FinishQuestionnairePage } from "~/features/reviews/components/finish-questionnaire-page";
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

export default function FinishPeerQuestionnaireRoute() {
  const { assignmentId, review, personName, readOnly, missing } = useLoaderData<typeof loader>();
  return (
    <FinishQuestionnairePage
      ns="peerreviews"
      back={`/peerreview/questionnaire/${assignmentId}`}
      subtitle={`${review.name} · ${personName}`}
      readOnly={readOnly}
      missing={[{ key: "all", names: missing }]}
    />
  );
}

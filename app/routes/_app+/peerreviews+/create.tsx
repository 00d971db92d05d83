import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireLicenceToCreate } from "~/features/account/licence.server";
import { createPeerReview } from "~/features/peer-reviews/peer-review-create.server";
import { DetailsStep, PeopleStep } from "~/features/reviews/components/self-review-wizard";
import { selfReviewWizardAction } from "~/features/reviews/self-review-wizard.server";
import { wizardOptions } from "~/features/reviews/team-review-create.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

/** A new peer round: the self review wizard's two steps with the peer texts, then the peers page (decision 1021). */

export const handle = { i18n: ["peerreviews", "selfreviews", "teamreviews", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  // An expired licence shows why instead of a wizard that cannot finish (1700); the service refuses the post.
  requireLicenceToCreate(ctx);
  const [options, t] = await Promise.all([wizardOptions(ctx), getServerT(request)]);
  return { title: pageTitle(t, "peerreviews:create.title"), options: { ...options, rounds: [] } };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  return selfReviewWizardAction(ctx, await readForm(request), {
    ns: "peerreviews",
    create: createPeerReview,
    detailsFields: ["deadline", "setId"],
    created: async (reviewId) =>
      redirectWithToast(`/peerreviews/${reviewId}/peers`, { key: "peerreviews:create.created" }),
  });
}

export default function CreatePeerReviewPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/peerreviews/overview">{t("peerreviews:create.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t("peerreviews:create.title")}</h1>
      {actionData?.form === "people" ? (
        <PeopleStep data={actionData} ns="peerreviews" />
      ) : (
        <DetailsStep data={actionData?.form === "details" ? actionData : null} ns="peerreviews" />
      )}
    </div>
  );
}

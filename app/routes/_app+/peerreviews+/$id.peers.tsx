import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import { peerChoices, setPeers } from "~/features/peer-reviews/peer-review-create.server";
import { effectiveThreshold } from "~/features/peer-reviews/peer-results";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

/** Per participant the peers, as one form of checkboxes `peers.<subjectId>` (works without JavaScript). */

export const handle = { i18n: ["peerreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  const [choices, settings, t] = await Promise.all([
    peerChoices(ctx, params.id ?? ""),
    getReviewSettings(ctx),
    getServerT(request),
  ]);
  return {
    title: `${choices.review.name} · ${pageTitle(t, "peerreviews:peers.title")}`,
    review: { id: choices.review.id, name: choices.review.name },
    threshold: effectiveThreshold(settings.peerAnonymityThreshold),
    participants: choices.participants,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  const formData = await readForm(request);
  const peers: Record<string, string[]> = {};
  for (const subjectId of formData.getAll("subjectIds"))
    if (typeof subjectId === "string")
      peers[subjectId] = formData.getAll(`peers.${subjectId}`).filter((v): v is string => typeof v === "string");
  const result = await setPeers(ctx, params.id ?? "", peers);
  if (!result.ok) return data({ error: `peerreviews:errors.${result.code}` }, { status: 400 });
  const toast =
    result.kept > 0
      ? { key: "peerreviews:peers.kept", values: { count: result.kept } }
      : { key: "peerreviews:peers.saved" };
  return redirectWithToast(`/peerreviews/${params.id}`, toast);
}

export default function ChoosePeersPage() {
  const { t } = useTranslation();
  const { review, threshold, participants } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="max-w-4xl">
      <p>
        <Link to={`/peerreviews/${review.id}`}>{t("peerreviews:peers.back")}</Link>
      </p>
      <h1 className="mt-2">{t("peerreviews:peers.title")}</h1>
      <p className="mb-2 text-lg">{review.name}</p>
      <p className="mb-4">{t("peerreviews:peers.intro", { threshold })}</p>
      <Form method="post" className="rounded bg-white p-6 shadow-sm">
        {participants.map((p) => (
          <fieldset key={p.subjectId} className="mb-6">
            <legend className="mb-2 font-semibold">{t("peerreviews:peers.legend", { name: p.name })}</legend>
            <input type="hidden" name="subjectIds" value={p.subjectId} />
            {p.options.length === 0 ? (
              <p>{t("peerreviews:peers.none")}</p>
            ) : (
              <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                {p.options.map((o) => {
                  const id = `peer-${p.subjectId}-${o.membershipId}`;
                  const answered = p.answeredPeerIds.includes(o.membershipId);
                  return (
                    <li key={o.membershipId} className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        id={id}
                        name={`peers.${p.subjectId}`}
                        value={o.membershipId}
                        defaultChecked={p.peerIds.includes(o.membershipId)}
                        className="h-5 w-5"
                      />
                      <label htmlFor={id}>
                        {o.name}
                        {answered ? <span className="text-ink-muted"> ({t("peerreviews:peers.answered")})</span> : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
        ))}
        <Button disabled={navigation.state === "submitting"}>{t("peerreviews:peers.save")}</Button>
      </Form>
    </div>
  );
}

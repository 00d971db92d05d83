import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { myNominationChoices, nominatePeers } from "~/features/peer-reviews/peer-nominations.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

/**
 * A reviewed person proposes colleagues as their peers (docs/decisions/1202): one form of checkboxes,
 * no JavaScript needed; the leader or HR decides on the round's page.
 */

export const handle = { i18n: ["peerreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const [choices, t] = await Promise.all([myNominationChoices(ctx, params.reviewId ?? ""), getServerT(request)]);
  return {
    title: `${choices.review.name} · ${pageTitle(t, "peerreviews:nominate.title")}`,
    review: { id: choices.review.id, name: choices.review.name },
    open: choices.open,
    colleagues: choices.colleagues,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const nomineeIds = (await readForm(request)).getAll("nomineeIds").filter((v): v is string => typeof v === "string");
  const result = await nominatePeers(ctx, params.reviewId ?? "", nomineeIds);
  if (!result.ok) return data({ error: `peerreviews:errors.${result.code}` }, { status: 400 });
  return redirectWithToast("/peerreview", { key: "peerreviews:nominate.saved", values: { count: result.proposed } });
}

export default function NominatePeersPage() {
  const { t } = useTranslation();
  const { review, open, colleagues } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/peerreview">{t("peerreviews:nominate.back")}</Link>
      </p>
      <h1 className="mt-2">{t("peerreviews:nominate.title")}</h1>
      <p className="mb-2 text-lg">{review.name}</p>
      <p className="mb-4">{t("peerreviews:nominate.intro")}</p>
      {actionData?.error ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(actionData.error)}
        </p>
      ) : null}
      {!open ? <p className="mb-4">{t("peerreviews:errors.locked")}</p> : null}
      <Form method="post" className="rounded bg-white p-6 shadow-sm">
        <fieldset className="mb-6">
          <legend className="mb-2 font-semibold">{t("peerreviews:nominate.legend")}</legend>
          {colleagues.length === 0 ? (
            <p>{t("peerreviews:nominate.none")}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              {colleagues.map((c) => {
                const id = `nominee-${c.membershipId}`;
                const decided = c.state === "approved" || c.state === "rejected" || c.state === "chosen";
                return (
                  <li key={c.membershipId} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      id={id}
                      name="nomineeIds"
                      value={c.membershipId}
                      defaultChecked={c.state !== "none" && c.state !== "rejected"}
                      disabled={decided || !open}
                      className="h-5 w-5"
                    />
                    <label htmlFor={id}>
                      {c.name}
                      {c.state !== "none" ? (
                        <span className="text-ink-muted"> ({t(`peerreviews:nominate.states.${c.state}`)})</span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        {open ? <Button disabled={navigation.state === "submitting"}>{t("peerreviews:nominate.save")}</Button> : null}
      </Form>
    </div>
  );
}

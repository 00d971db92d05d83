import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/table";
import { MyNominationLinks } from "~/features/peer-reviews/components/my-nomination-links";
import { MyPeerQuestionnaires } from "~/features/peer-reviews/components/my-peer-questionnaires";
import { myNominationRounds } from "~/features/peer-reviews/peer-nominations.server";
import { listMyPeerQuestionnaires, peerQuestionnaireRows } from "~/features/peer-reviews/peer-questionnaire.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

/** The questionnaires waiting for the signed-in person in peer rounds (the invitation mail links here). */

export const handle = { i18n: ["peerreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const [rows, rounds, t] = await Promise.all([
    listMyPeerQuestionnaires(ctx),
    myNominationRounds(ctx),
    getServerT(request),
  ]);
  return {
    title: pageTitle(t, "peerreviews:my.heading"),
    rounds,
    rows: peerQuestionnaireRows(rows),
  };
}

export default function MyPeerQuestionnairesPage() {
  const { t } = useTranslation();
  const { rows, rounds } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-5xl">
      <PageHeader title={t("peerreviews:my.heading")} />
      <div className="mt-4">
        <MyPeerQuestionnaires rows={rows} />
      </div>
      <MyNominationLinks rounds={rounds} />
    </div>
  );
}

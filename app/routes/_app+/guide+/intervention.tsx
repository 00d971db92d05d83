import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { interventionRoles, interventionsPerRole } from "~/features/guide/guide";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["guide", "criteria"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Interventions per development role of the grid (spec §1 guide), for any signed-in user. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const t = await getServerT(request);
  return { title: pageTitle(t, "guide:intervention.title"), roles: interventionRoles };
}

const actionNumbers = Array.from({ length: interventionsPerRole }, (_, i) => i + 1);

export default function GuideInterventionPage() {
  const { t } = useTranslation();
  const { roles } = useLoaderData<typeof loader>();
  return (
    <article className="max-w-3xl">
      <h1>{t("guide:intervention.title")}</h1>
      <p className="mt-2">{t("guide:intervention.intro")}</p>
      {roles.map((role) => (
        <section
          key={role}
          aria-labelledby={`role-${role}`}
          className="mt-6 break-inside-avoid rounded bg-white p-6 shadow-sm"
        >
          <h2 id={`role-${role}`}>{t(`criteria:roles.${role}`)}</h2>
          <h3 className="mt-3 font-semibold">{t("guide:intervention.who")}</h3>
          <p className="mt-1">{t(`guide:intervention.roles.${role}.who`)}</p>
          <h3 className="mt-3 font-semibold">{t("guide:intervention.actions")}</h3>
          <ul className="mt-1 list-disc pl-6">
            {actionNumbers.map((n) => (
              <li key={n}>{t(`guide:intervention.roles.${role}.actions.${n}`)}</li>
            ))}
          </ul>
          <h3 className="mt-3 font-semibold">{t("guide:intervention.watch")}</h3>
          <p className="mt-1">{t(`guide:intervention.roles.${role}.watch`)}</p>
        </section>
      ))}
      <p className="no-print mt-6">
        <Link to="/guide/process">{t("guide:intervention.toProcess")}</Link>
      </p>
    </article>
  );
}

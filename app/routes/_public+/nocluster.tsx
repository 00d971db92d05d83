import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Signed in, but no organisation to work in (spec §2 /nocluster). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request, { allowNoCluster: true });
  if (ctx.clusterId) throw redirect("/dashboard");
  const t = await getServerT(request);
  return { title: pageTitle(t, "auth:nocluster.title"), isAccountAdmin: ctx.user.isAccountAdmin };
}

export default function NoClusterPage() {
  const { t } = useTranslation();
  const { isAccountAdmin } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="mb-4">{t("auth:nocluster.title")}</h1>
      <p className="mb-6">{isAccountAdmin ? t("auth:nocluster.bodyAdmin") : t("auth:nocluster.body")}</p>
      <Form method="post" action="/logout">
        <Button variant="secondary">{t("common:user.logout")}</Button>
      </Form>
    </>
  );
}

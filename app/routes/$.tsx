import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { accessFor } from "~/features/navigation/route-access";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { getOptionalUser, requireModule, requireRight, requireUser } from "~/utils/tenant.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * Any path without a page. Paths of the spec's signed-in areas still get their guard first (sign-in,
 * cluster, right, module), so an unbuilt area behaves like a built one towards people without access.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const access = accessFor(pathname);
  let signedIn: boolean;
  if (access) {
    if (access.module) await requireModule(request, access.module, access.right);
    else if (access.right) await requireRight(request, access.right);
    else await requireUser(request);
    signedIn = true;
  } else {
    signedIn = (await getOptionalUser(request)) !== null;
  }
  const t = await getServerT(request);
  const kind = access ? "planned" : "notFound";
  return data({ title: pageTitle(t, `common:${kind}.title`), kind, signedIn }, { status: 404 });
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { kind, signedIn } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-xl p-8">
      <h1>{t(`common:${kind}.title`)}</h1>
      <p className="mt-4">{t(`common:${kind}.body`)}</p>
      <p className="mt-6">
        <Link to={signedIn ? "/dashboard" : "/login"}>
          {signedIn ? t("common:notFound.toDashboard") : t("common:notFound.toLogin")}
        </Link>
      </p>
    </main>
  );
}

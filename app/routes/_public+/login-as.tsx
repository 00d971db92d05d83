import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { isTrustedLoginAsOrigin, startLoginAs } from "~/features/auth/login-as.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import { TOKEN_PAGE_REFERRER_POLICY } from "~/utils/route-headers";

export const handle = { i18n: ["signup", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

// public route: the one-time token from a system admin is the credential. The GET only shows a button
// (a prefetch must not use the token); the POST, from this site or a trusted admin origin, signs in.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data(
    { title: pageTitle(t, "signup:loginAs.title"), token },
    { headers: { ...TOKEN_PAGE_REFERRER_POLICY, "Cache-Control": "no-store" } },
  );
}

// public route: see the loader.
export async function action({ request, context }: ActionFunctionArgs) {
  if (!isTrustedLoginAsOrigin(request)) throw new Response("Forbidden", { status: 403 });
  const token = String((await readForm(request)).get("token") ?? "");
  const result = await startLoginAs(request, { token, ip: context.clientIp });
  if (!result.ok && result.retryAfter) {
    return data(
      { failed: true, limited: true },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
  if (!result.ok) return data({ failed: true, limited: false }, { status: 400 });
  return redirect("/dashboard", { headers: { "Set-Cookie": result.setCookie } });
}

export default function LoginAsPage() {
  const { t } = useTranslation();
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1 className="mb-4">{t("signup:loginAs.title")}</h1>
      {result?.failed || !token ? (
        <div role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          <p>{t(result?.limited ? "auth:login.tooManyAttempts" : "signup:loginAs.failed")}</p>
          <p className="mt-2">
            <Link to="/login">{t("signup:toLogin")}</Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="rounded bg-white p-6 shadow-sm">
          <input type="hidden" name="token" value={token} />
          <p className="mb-4">{t("signup:loginAs.body")}</p>
          <Button>{t("signup:loginAs.submit")}</Button>
        </Form>
      )}
    </>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { confirmEmail } from "~/features/account/verification.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["signup", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

// public route: the link in the verification e-mail. The GET only shows a button, so a mail scanner
// that opens links does not use up the single-use token; the POST verifies.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  return { title: pageTitle(t, "signup:confirm.title") };
}

// public route: see the loader.
export async function action({ params, context }: ActionFunctionArgs) {
  const result = await confirmEmail({ id: params.id ?? "", secret: params.hash ?? "", ip: context.clientIp });
  if (!result.ok && result.retryAfter) {
    return data(
      { failed: true, limited: true },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
  if (!result.ok) return data({ failed: true, limited: false }, { status: 400 });
  return redirectWithToast("/login", { key: "signup:confirm.done" });
}

export default function ConfirmPage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1 className="mb-4">{t("signup:confirm.title")}</h1>
      {result?.failed ? (
        <div role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          <p>{t(result.limited ? "auth:login.tooManyAttempts" : "signup:confirm.failed")}</p>
          <p className="mt-2">
            <Link to="/login">{t("signup:toLogin")}</Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="rounded bg-white p-6 shadow-sm">
          <p className="mb-4">{t("signup:confirm.body")}</p>
          <Button>{t("signup:confirm.submit")}</Button>
        </Form>
      )}
    </>
  );
}

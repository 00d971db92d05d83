import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { confirmEmailChange } from "~/features/people/email-change.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readSessionId } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["signup", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) and the loader's own headers reach the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

// public route: the link in the e-mail to a new address (docs/decisions/0620). The GET only shows a
// button, so a mail scanner that opens links does not use up the single-use token; the POST confirms.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  return { title: pageTitle(t, "signup:confirmEmailChange.title") };
}

// public route: see the loader. The person's other sessions end; the confirming one stays if it is theirs.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const result = await confirmEmailChange({
    id: params.id ?? "",
    secret: params.hash ?? "",
    ip: context.clientIp,
    sessionId: await readSessionId(request),
  });
  if (!result.ok && result.reason === "limited") {
    return data({ failed: result.reason }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  }
  if (!result.ok) return data({ failed: result.reason }, { status: 400 });
  return redirectWithToast("/login", { key: "signup:confirmEmailChange.done" });
}

export default function ConfirmEmailChangePage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1 className="mb-4">{t("signup:confirmEmailChange.title")}</h1>
      {result?.failed ? (
        <div role="alert" className="mb-6 rounded border-l-4 border-danger bg-danger-bg p-3">
          <p>
            {t(
              result.failed === "limited"
                ? "auth:login.tooManyAttempts"
                : result.failed === "taken"
                  ? "signup:confirmEmailChange.taken"
                  : "signup:confirmEmailChange.failed",
            )}
          </p>
          <p className="mt-2">
            <Link to="/login">{t("signup:toLogin")}</Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="rounded bg-white p-6 shadow-sm">
          <p className="mb-4">{t("signup:confirmEmailChange.body")}</p>
          <Button>{t("signup:confirmEmailChange.submit")}</Button>
        </Form>
      )}
    </>
  );
}

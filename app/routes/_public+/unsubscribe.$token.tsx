import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { unsubscribe, unsubscribeTarget } from "~/features/digests/unsubscribe.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";

export const handle = { i18n: ["profile"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// public route: the signed link in a digest is the authorisation; no sign-in (docs/decisions/1103).

/**
 * The digest's signed unsubscribe link (docs/decisions/1103): no sign-in. Opening it only asks (link
 * scanners open links); the button, or a mail client's one-click POST (List-Unsubscribe-Post), sets the
 * frequency to "none". A bad signature is a 404 and changes nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  const target = await unsubscribeTarget(params.token);
  if (!target)
    return data(
      { state: "invalid" as const, title: pageTitle(t, "profile:unsubscribeInvalid.title") },
      { status: 404 },
    );
  return {
    state: target.frequency === "none" ? ("done" as const) : ("ask" as const),
    email: target.email,
    title: pageTitle(t, "profile:unsubscribe.title"),
  };
}

export async function action({ params }: ActionFunctionArgs) {
  if (!(await unsubscribe(params.token))) return data({ ok: false }, { status: 404 });
  return { ok: true };
}

export default function UnsubscribePage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  if (loaded.state === "invalid" || acted?.ok === false) {
    return (
      <>
        <h1 className="mb-4">{t("profile:unsubscribeInvalid.title")}</h1>
        <p>{t("profile:unsubscribeInvalid.body")}</p>
      </>
    );
  }
  const done = loaded.state === "done" || acted?.ok === true;
  return (
    <>
      <h1 className="mb-4">{t("profile:unsubscribe.title")}</h1>
      {done ? (
        <p role="status" className="mb-6">
          {t("profile:unsubscribe.done", { email: "email" in loaded ? loaded.email : "" })}
        </p>
      ) : (
        <Form method="post" className="mb-6">
          <p className="mb-4">{t("profile:unsubscribe.ask", { email: "email" in loaded ? loaded.email : "" })}</p>
          <Button>{t("profile:unsubscribe.submit")}</Button>
        </Form>
      )}
      <p>
        {t("profile:unsubscribe.change")}{" "}
        <a href="/my/profile" className="underline">
          {t("profile:unsubscribe.profile")}
        </a>
      </p>
    </>
  );
}

import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";

export const handle = { i18n: ["signup"] };

const REDIRECT_SECONDS = 5;

// Without JavaScript the browser follows the meta refresh; with it, the effect below navigates.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { httpEquiv: "refresh", content: `${REDIRECT_SECONDS};url=/login` },
];

// public route: the confirmation after a reset; it holds no data.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getServerT(request);
  return { title: pageTitle(t, "signup:passwordReset.doneTitle") };
}

export default function PasswordResetDonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/login"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <h1 className="mb-4">{t("signup:passwordReset.doneTitle")}</h1>
      <p role="status" className="mb-6 rounded border-l-4 border-success bg-success-bg p-3">
        {t("signup:passwordReset.done")}
      </p>
      <p>
        <Link to="/login">{t("signup:passwordReset.toLogin")}</Link>
      </p>
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { can, requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["dashboard"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const steps = ["welcome", "team", "evaluate"] as const;
type Step = (typeof steps)[number];

/** The introduction wizard after a first sign-in: welcome, create the first team, evaluate it. Steps are links. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const requested = new URL(request.url).searchParams.get("step");
  const step: Step = (steps as readonly string[]).includes(requested ?? "") ? (requested as Step) : "welcome";
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "dashboard:introduction.title"),
    step,
    firstName: ctx.user.firstName || ctx.user.displayName,
    canManageTeams: can(ctx, "teams.manage"),
    canCreateReview: can(ctx, "teamReviews.manage"),
  };
}

export default function IntroductionPage() {
  const { t } = useTranslation();
  const { step, firstName, canManageTeams, canCreateReview } = useLoaderData<typeof loader>();
  const index = steps.indexOf(step);
  const next = steps[index + 1];
  const previous = steps[index - 1];
  return (
    <div className="max-w-2xl">
      <h1>{t("dashboard:introduction.title")}</h1>
      <ol className="mt-4 flex gap-4 text-sm" aria-label={t("dashboard:introduction.stepsLabel")}>
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? "step" : undefined}
            className={s === step ? "font-semibold" : "text-ink-muted"}
          >
            {i + 1}. {t(`dashboard:introduction.${s}.label`)}
          </li>
        ))}
      </ol>
      <section className="mt-6 rounded bg-white p-6 shadow-sm">
        <h2>{t(`dashboard:introduction.${step}.heading`, { name: firstName })}</h2>
        <p className="mt-3">{t(`dashboard:introduction.${step}.body`)}</p>
        {step === "team" && canManageTeams ? (
          <p className="mt-4">
            <Link to="/personnel/teams">{t("dashboard:introduction.team.action")}</Link>
          </p>
        ) : null}
        {step === "evaluate" && canCreateReview ? (
          <p className="mt-4">
            <Link to="/review/create/teamreview">{t("dashboard:introduction.evaluate.action")}</Link>
          </p>
        ) : null}
      </section>
      <nav className="mt-6 flex gap-4" aria-label={t("dashboard:introduction.stepsLabel")}>
        {previous ? <Link to={`?step=${previous}`}>{t("common:actions.previous")}</Link> : null}
        {next ? (
          <Link to={`?step=${next}`} className="font-semibold">
            {t("common:actions.next")}
          </Link>
        ) : (
          <Link to="/dashboard" className="font-semibold">
            {t("dashboard:introduction.finish")}
          </Link>
        )}
      </nav>
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { PageHeader } from "~/components/ui/table";
import { SelectionLimitMessage } from "~/components/selection-limit-message";
import { teamComparisonLimit } from "~/utils/selection-limit";
import { analyticsHandle } from "~/features/analytics/components/analytics-ui";
import { ComparisonView } from "~/features/analytics/components/comparison-view";
import { ExportLinks, SmallGroupNotice } from "~/features/analytics/components/small-group-notice";
import { TeamChoices } from "~/features/analytics/components/team-choices";
import { teamComparison } from "~/features/analytics/team-comparison.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { pageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";

/**
 * Team comparison (spec §2 analytics/teams/team-comparison, teams.manage). Comparing needs a right of its
 * own, analytics.read (spec §6): without it the page says so in the spec's words (docs/decisions/1409).
 * The teams are chosen in a GET form, so a comparison is a link and works without JavaScript.
 */
export const handle = { i18n: [...analyticsHandle.i18n, "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const { t, texts } = await requestResultTexts(request, ctx);
  const title = pageTitle(t, "analytics:comparison.title");
  if (!can(ctx, "analytics.read")) {
    // A page with the spec's message (not a 403 document: that is an error in every browser console).
    return {
      title,
      allowed: false as const,
      options: [],
      chosen: [],
      leftOut: 0,
      tooMany: false,
      teams: [],
      min: 0,
      hidden: { small: false, sibling: false },
      dimensions: [],
      roles: [],
    };
  }
  // The user's teams only (docs/decisions/1960): a team leader's options and comparison are their own teams.
  const { options, chosen, leftOut, tooMany, teams, min, hidden } = await teamComparison(
    ctx,
    new URL(request.url).searchParams,
  );
  return {
    title,
    allowed: true as const,
    options,
    chosen,
    leftOut,
    tooMany,
    teams,
    min,
    hidden,
    dimensions: texts.dimensions,
    roles: texts.roles,
  };
}

export default function TeamComparisonPage() {
  const { t } = useTranslation();
  const { allowed, options, chosen, leftOut, tooMany, teams, min, hidden, dimensions, roles } =
    useLoaderData<typeof loader>();
  if (!allowed) {
    return (
      <>
        <PageHeader title={t("analytics:comparison.title")} />
        <p role="alert" className="mt-4 rounded bg-danger-bg p-4 text-danger" data-testid="comparison-no-right">
          {t("analytics:comparison.noRight")}
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t("analytics:comparison.title")} />
      <p className="mb-4 mt-2 max-w-3xl">{t("analytics:comparison.intro")}</p>
      {leftOut > 0 ? (
        // A link with a team that is not (or no longer) the user's to compare: left out, said here (1960).
        <p className="mb-4 max-w-3xl rounded bg-warning-bg p-3" role="status" data-testid="comparison-left-out">
          {t("analytics:comparison.leftOut", { count: leftOut })}
        </p>
      ) : null}
      {options.length < 2 ? (
        <p>{t("analytics:comparison.noTeams")}</p>
      ) : (
        <Form method="get" className="max-w-3xl rounded bg-white p-4 shadow-sm">
          <fieldset aria-describedby={tooMany ? "team-hint team-limit" : "team-hint"}>
            <legend className="font-medium">{t("analytics:comparison.choose")}</legend>
            <p id="team-hint" className="text-sm text-ink-muted">
              {t("analytics:comparison.chooseHint", { max: teamComparisonLimit.max })}
            </p>
            {tooMany ? (
              // The spec's selection limit (§5), next to the choice; the choice stays checked.
              <SelectionLimitMessage id="team-limit" limit={teamComparisonLimit} />
            ) : null}
            <TeamChoices options={options} chosen={chosen} />
          </fieldset>
          <div className="mt-4">
            <Button>{t("analytics:comparison.submit")}</Button>
          </div>
        </Form>
      )}
      {teams.length >= 2 ? (
        <>
          <SmallGroupNotice min={min} hidden={hidden} />
          <ExportLinks
            href="/resources/team-comparison-export"
            query={new URLSearchParams(teams.map((team) => ["team", team.id])).toString()}
          />
          <ComparisonView teams={teams} dimensions={dimensions} roles={roles} />
        </>
      ) : tooMany ? null : (
        <p className="mt-4" data-testid="comparison-prompt">
          {t("analytics:comparison.tooFew")}
        </p>
      )}
    </>
  );
}

/**
 * The employee and team pages have one route module a tab (docs/decisions/0710). Tests that name the tab
 * call the module Remix would pick for /personnel/user/{id}/{tab} or /personnel/teams/{id}/{tab}: the tab's
 * own, or the route that answers any other name (tests/integration/detail-tabs.test.ts checks the match).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as employeeUnknownTab from "~/routes/_app+/personnel+/user.$id.$tab";
import * as employeeContracts from "~/routes/_app+/personnel+/user.$id._tabs+/contracts";
import * as employeeDetails from "~/routes/_app+/personnel+/user.$id._tabs+/details";
import * as employeeRoles from "~/routes/_app+/personnel+/user.$id._tabs+/roles";
import * as employeeTags from "~/routes/_app+/personnel+/user.$id._tabs+/tags";
import * as employeeTeams from "~/routes/_app+/personnel+/user.$id._tabs+/teams";
import * as teamPlaces from "~/routes/_app+/personnel+/teams.$id._tabs+/$tab";
import * as teamGoals from "~/routes/_app+/personnel+/teams.$id._tabs+/goalsAndAmbitions";
import * as teamSettings from "~/routes/_app+/personnel+/teams.$id._tabs+/settings";

type TabModule = {
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  action?: (args: ActionFunctionArgs) => Promise<unknown>;
};

function tabRoutes(tabs: Record<string, TabModule>, otherwise: TabModule) {
  const route = (tab: string | undefined) => (tab && Object.hasOwn(tabs, tab) ? tabs[tab] : otherwise);
  return {
    loader: (args: LoaderFunctionArgs): Promise<unknown> => route(args.params.tab).loader(args),
    action: (args: ActionFunctionArgs): Promise<unknown> => {
      const { action } = route(args.params.tab);
      // Remix answers 405 to a POST to a page without an action.
      return action ? action(args) : Promise.reject(new Response(null, { status: 405 }));
    },
  };
}

export const { loader: employeeLoader, action: employeeAction } = tabRoutes(
  {
    details: employeeDetails,
    contracts: employeeContracts,
    teams: employeeTeams,
    roles: employeeRoles,
    tags: employeeTags,
  },
  employeeUnknownTab,
);

export const { loader: teamTabLoader, action: teamTabAction } = tabRoutes(
  { goalsAndAmbitions: teamGoals, settings: teamSettings },
  teamPlaces,
);

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ConnectorPage } from "~/features/imports/connectors/components/connector-page";
import { connectorAction, connectorLoader } from "~/features/imports/connectors/connector-page.server";

export const handle = { i18n: ["import", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The Polaris connector (spec §2 import/polaris): settings, test, import now, schedule. */
export const loader = (args: LoaderFunctionArgs) => connectorLoader("polaris", args);
export const action = (args: ActionFunctionArgs) => connectorAction("polaris", args);

export default ConnectorPage;

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ConnectorPage } from "~/features/imports/connectors/components/connector-page";
import { connectorAction, connectorLoader } from "~/features/imports/connectors/connector-page.server";

export const handle = { i18n: ["import", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The AFAS Profit connector (spec §2 import/afas): settings, test, import now, schedule. */
export const loader = (args: LoaderFunctionArgs) => connectorLoader("afas", args);
export const action = (args: ActionFunctionArgs) => connectorAction("afas", args);

export default ConnectorPage;

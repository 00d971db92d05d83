import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ConnectorPage } from "~/features/imports/connectors/components/connector-page";
import { connectorAction, connectorLoader } from "~/features/imports/connectors/connector-page.server";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["import", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The Polaris connector (spec §2 import/polaris): settings, test, import now, schedule. */
export async function loader(args: LoaderFunctionArgs) {
  return connectorLoader(await requireRight(args.request, "users.import"), "polaris", args);
}
export async function action(args: ActionFunctionArgs) {
  return connectorAction(await requireRight(args.request, "users.import"), "polaris", args);
}

export default ConnectorPage;

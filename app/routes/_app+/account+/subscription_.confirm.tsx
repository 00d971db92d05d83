import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmOrder } from "~/features/account/components/licence-order";
import { licenceOrderSchema } from "~/features/account/licence-order.schema";
import { placeLicenceOrder, reviewLicenceOrder } from "~/features/account/licence-orders.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["account"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const refused = () => redirectWithToast("/account/subscription", { type: "error", key: "account:order.refused" });

/**
 * The confirmation of a checked order: its own page without JavaScript, the dialog's content with (ConfirmLink
 * loads this loader's data). The order is in the address; it is checked again here and when placed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: licenceOrderSchema });
  if (submission.status !== "success") throw await refused();
  const review = await reviewLicenceOrder(ctx, submission.value);
  if (!review.ok) throw await refused();
  const t = await getServerT(request);
  return { title: pageTitle(t, "account:order.confirmTitle"), ...review.checked };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const submission = parseWithZod(await readForm(request), { schema: licenceOrderSchema });
  if (submission.status !== "success") return refused();
  const placed = await placeLicenceOrder(ctx, submission.value, context.clientIp ?? null);
  if (!placed.ok) return refused();
  return redirectWithToast("/account/licence", {
    key: placed.repeated ? "account:order.alreadyPlaced" : "account:order.placed",
  });
}

export default function ConfirmOrderPage() {
  const order = useLoaderData<typeof loader>();
  return (
    <div className="max-w-2xl rounded bg-white p-6 shadow-sm">
      <ConfirmOrder order={order} />
    </div>
  );
}

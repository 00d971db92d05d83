import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/table";
import { CheckedOrderPanel, LicenceOrderForm } from "~/features/account/components/licence-order";
import { licenceOrderSchema } from "~/features/account/licence-order.schema";
import { currentLicenceChoice, reviewLicenceOrder } from "~/features/account/licence-orders.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["account", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The subscription: order a licence (from the trial to paid, or a change), decision 1630. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const t = await getServerT(request);
  return { title: pageTitle(t, "account:order.title"), ...(await currentLicenceChoice(ctx)) };
}

/** The check step: the form's errors next to its fields, or the price and the link to the confirmation. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const submission = parseWithZod(await readForm(request), { schema: licenceOrderSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const review = await reviewLicenceOrder(ctx, submission.value);
  if (!review.ok) return refusal(submission, review);
  return { ...submission.reply(), checked: review.checked };
}

export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { choice, usage } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const checked = result && "checked" in result ? result.checked : null;
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={t("account:order.title")} />
      <p className="max-w-2xl">{t("account:order.intro")}</p>
      <LicenceOrderForm defaults={choice} usage={usage} lastResult={result} />
      {checked ? <CheckedOrderPanel order={checked} /> : null}
    </div>
  );
}

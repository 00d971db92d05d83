import type { LoaderFunctionArgs } from "@remix-run/node";
import { openPersonalDataExport } from "~/features/privacy/personal-data-exports.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { plainHtmlPage } from "~/utils/plain-page.server";
import { requireUser } from "~/utils/tenant.server";

/**
 * A ready export's file (`json` or `xlsx`), streamed from PostgreSQL (decision 1965), for its requester and the account's
 * admins. After the link's time (decision 1740) a 410 with a short page that says so and leads to the
 * export's page, where a new export can be asked for.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const file = await openPersonalDataExport(ctx, context.clientIp ?? null, params.id, params.format);
  if (!file.expired) return new Response(file.body, { headers: file.headers });
  const t = await getServerT(request);
  const body = plainHtmlPage({
    lng: await getLanguage(request),
    title: t("audit:personalData.expired.title"),
    paragraphs: [t("audit:personalData.expired.body")],
    link: { href: `/personal-data/${file.id}`, text: t("audit:personalData.expired.link") },
  });
  return new Response(body, {
    status: 410,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

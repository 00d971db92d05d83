import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportPersonalData, personalDataSheets } from "~/features/privacy/personal-data.server";
import { writeXlsx } from "~/features/reviews/xlsx.server";
import { requireUser } from "~/utils/tenant.server";

/**
 * A person's data (issue 35, access and portability): `?format=json` (machine-readable, the fields in
 * docs/personal-data-export.md) or `xlsx` (readable, a sheet per kind of record). Without `person` the
 * signed-in user's own data; `person=<user id>` needs an account admin and a person of the same account.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") === "xlsx" ? "xlsx" : "json";
  const data = await exportPersonalData(ctx, context.clientIp, url.searchParams.get("person"), format);
  const name = `personal-data-${data.person}.${format}`;
  const headers = (type: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "private, no-store",
  });
  if (format === "json") {
    return new Response(JSON.stringify(data, null, 2), { headers: headers("application/json; charset=utf-8") });
  }
  const file = await writeXlsx(personalDataSheets(data));
  return new Response(new Uint8Array(file), {
    headers: headers("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  });
}

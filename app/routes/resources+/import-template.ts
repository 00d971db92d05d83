import type { LoaderFunctionArgs } from "@remix-run/node";
import { personnelTemplate, type TemplateFormat } from "~/features/imports/import-template.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { requireRight } from "~/utils/tenant.server";

const contentTypes: Record<TemplateFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/** The personnel import's template (`?format=xlsx|csv`), headers and explanations in the reader's language (1623). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "users.import");
  const format: TemplateFormat = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "xlsx";
  const t = await getServerT(request);
  const file = await personnelTemplate(t, await getLanguage(request), format);
  const name = `${t("import:template.fileName")}.${format}`;
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": contentTypes[format],
      "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
    },
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentLead, renderDocumentFile, requireDocumentAccess } from "~/features/files/documents.server";
import { toLanguage } from "~/utils/i18n";
import { getLanguage } from "~/utils/i18n.server";

/**
 * The document itself as a file (docs/decisions/1120): one self-contained HTML file, in `?lang=` or the
 * request's language. Who may read it: `requireDocumentAccess`, as the page (a public route for the legal documents).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { slug, ctx } = await requireDocumentAccess(request, params.slug);
  const language = toLanguage(new URL(request.url).searchParams.get("lang")) ?? (await getLanguage(request));
  const { fileName, html } = renderDocumentFile(slug, language, documentLead(slug, ctx, language));
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Language": language,
      "Cache-Control": "private, max-age=300",
    },
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { isDocumentSlug, isGuideDocumentSlug } from "~/features/files/documents";
import { renderDocumentFile } from "~/features/files/documents.server";
import { toLanguage } from "~/utils/i18n";
import { getLanguage } from "~/utils/i18n.server";
import { requireRight } from "~/utils/tenant.server";

/**
 * The document itself as a file (docs/decisions/1120): one self-contained HTML file, in `?lang=` or the
 * request's language. Legal documents are public; the manual and e-books need reviews.manage, as the page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug;
  if (!isDocumentSlug(slug) || isGuideDocumentSlug(slug)) await requireRight(request, "reviews.manage");
  if (!isDocumentSlug(slug)) throw new Response("Not found", { status: 404 });
  const language = toLanguage(new URL(request.url).searchParams.get("lang")) ?? (await getLanguage(request));
  const { fileName, html } = renderDocumentFile(slug, language);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Language": language,
      "Cache-Control": "private, max-age=300",
    },
  });
}

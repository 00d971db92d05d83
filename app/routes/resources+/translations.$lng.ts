import type { LoaderFunctionArgs } from "@remix-run/node";
import { toLanguage } from "~/utils/i18n";
import { browserTranslations, localesVersion } from "~/utils/i18n.server";

// public route: the texts every page shows, the same for everyone; no tenant data.
/**
 * Every namespace of one language the browser uses, in one answer (docs/decisions/1950): before, a page's first
 * load asked for 35 files in its language and 35 in the fallback language. Versioned by the texts' hash (?v=),
 * so a versioned answer is cached for good and a deploy's new texts come with new URLs.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const lng = toLanguage(params.lng);
  if (!lng || lng !== params.lng) return new Response("Not found", { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === localesVersion();
  return new Response(browserTranslations(lng), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}

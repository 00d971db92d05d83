import { escapeHtml } from "./escape-html";

/**
 * A short, self-contained HTML page (no scripts, no stylesheet request) for answers outside the app's React
 * tree: the 503 of an unreachable database, the 410 of an expired download. Texts are escaped here.
 */
export function plainHtmlPage(input: {
  lng: string;
  title: string;
  paragraphs: readonly string[];
  link: { href: string; text: string };
}): string {
  const title = escapeHtml(input.title);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(input.lng)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Teamontwikkeling</title>
<style>body{font-family:system-ui,sans-serif;background:#f9fafb;color:#111827;margin:0}main{max-width:36rem;margin:0 auto;padding:2rem}h1{font-size:1.5rem}a{color:#1d4ed8}</style>
</head>
<body>
<main id="main">
<h1>${title}</h1>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.text)}</a></p>
</main>
</body>
</html>
`;
}

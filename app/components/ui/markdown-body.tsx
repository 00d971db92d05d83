/**
 * HTML rendered on the server from our own markdown files (raw HTML escaped, docs/decisions/0985), styled from
 * outside (no typography plugin): the knowledge base's articles and the documents of file/{slug}.
 */
const markdownClass = [
  "[&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2:first-child]:mt-0 [&_h2]:break-after-avoid",
  "[&_h3]:mt-4 [&_h3]:font-semibold [&_h3]:break-after-avoid",
  "[&_p]:mt-3 [&_a]:underline [&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:pl-3",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
  "[&_strong]:font-semibold",
  "[&_table]:mt-3 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border [&_th]:p-2 [&_th]:text-left [&_th]:align-top [&_td]:border [&_td]:p-2 [&_td]:align-top",
  "[&_figure]:mt-4 [&_figure]:break-inside-avoid [&_figcaption]:mt-1 [&_figcaption]:text-sm [&_svg]:h-auto [&_svg]:max-w-full",
].join(" ");

export function MarkdownBody({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${markdownClass} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

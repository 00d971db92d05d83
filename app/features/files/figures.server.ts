import type { Language } from "~/utils/i18n";

/**
 * Figures for the manual and e-book (docs/decisions/1570): inline SVG drawn here, never taken from the
 * markdown (whose raw HTML is escaped), so a figure has no script and no outside resource. Colours are
 * presentation attributes, not style attributes (the pages' CSP allows no inline style).
 */
type Figure = (language: Language) => { svg: string; caption: string };

const figures: Record<string, Figure> = {};

/** Replace each `<p>{{figure:name}}</p>` with its figure; an unknown name stays as text, visible to the editor. */
export function placeFigures(html: string, language: Language): string {
  return html.replace(/<p>\{\{figure:([a-z-]+)\}\}<\/p>/g, (whole, name: string) => {
    const figure = figures[name];
    if (!figure) return whole;
    const { svg, caption } = figure(language);
    return `<figure>${svg}<figcaption>${caption}</figcaption></figure>`;
  });
}

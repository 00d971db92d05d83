import type { Language } from "~/utils/i18n";
import { escapeHtml } from "~/utils/escape-html";
import { sharedI18n } from "~/utils/i18n.server";

/**
 * Figures for the manual and e-book (docs/decisions/1570): inline SVG drawn here, never taken from the
 * markdown (whose raw HTML is escaped), so a figure has no script and no outside resource. Colours are
 * presentation attributes, not style attributes (the pages' CSP allows no inline style). Labels in the legal namespace (`figures`).
 */
type Figure = (language: Language) => { svg: string; caption: string };

const ink = "#1f2933";
const font = 'font-family="system-ui, sans-serif" font-size="13"';

/** A figure's labels in the language: `legal:figures.<figure>.<label>`. */
function labels(figure: string, language: Language): Record<string, string> {
  return sharedI18n().getFixedT(language, "legal")(`figures.${figure}`, { returnObjects: true }) as Record<
    string,
    string
  >;
}

function svg(width: number, height: number, label: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`,
    ` role="img" aria-label="${escapeHtml(label)}">`,
    body,
    "</svg>",
  ].join("");
}

function text(x: number, y: number, content: string, extra = ""): string {
  return `<text x="${x}" y="${y}" ${font} fill="${ink}" text-anchor="middle" ${extra}>${escapeHtml(content)}</text>`;
}

// ── The development roles: performance × potential in thirds, employability for the lowest cells (0301) ──

const developmentRoles: Figure = (language) => {
  const l = labels("developmentRoles", language);
  const cell = 120;
  const left = 60;
  const top = 20;
  // Rows from the top: high, middle, low potential; columns: low, middle, high performance.
  const grid: [string, string, string][][] = [
    [
      [l.potentialRole, "", "#d9e8fb"],
      [l.potentialRole, "", "#d9e8fb"],
      [l.star, "", "#c6f0d5"],
    ],
    [
      [l.lowest, l.career, "#fde8d7"],
      [l.midfield, "", "#eef0f2"],
      [l.achiever, "", "#fff3c4"],
    ],
    [
      [l.lowest, l.career, "#fde8d7"],
      [l.lowest, l.career, "#fde8d7"],
      [l.achiever, "", "#fff3c4"],
    ],
  ];
  const cells = grid.flatMap((row, r) =>
    row.map(([first, second, fill], c) => {
      const x = left + c * cell;
      const y = top + r * cell;
      const mid = x + cell / 2;
      const lines = second
        ? text(mid, y + cell / 2 - 4, first) + text(mid, y + cell / 2 + 14, second)
        : text(mid, y + cell / 2 + 5, first, 'font-weight="600"');
      return `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}" stroke="#9aa5b1"/>${lines}`;
    }),
  );
  const body = [
    ...cells,
    text(left + (3 * cell) / 2, top + 3 * cell + 24, l.performance),
    text(20, top + (3 * cell) / 2, l.potential, `transform="rotate(-90 20 ${top + (3 * cell) / 2})"`),
    text(left + (3 * cell) / 2, top + 3 * cell + 48, l.note, 'font-size="12"'),
  ].join("");
  return { svg: svg(left + 3 * cell + 20, top + 3 * cell + 60, l.caption, body), caption: escapeHtml(l.caption) };
};

// ── The review cycle: the guide's process steps in a ring ────────────────────────────────────────────

const reviewCycle: Figure = (language) => {
  const l = labels("reviewCycle", language);
  const cx = 270;
  const cy = 190;
  const radius = 140;
  const steps = ["s1", "s2", "s3", "s4", "s5", "s6"].map((key, i) => {
    const angle = -Math.PI / 2 + (i * Math.PI) / 3;
    return { label: l[key], x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle), n: i + 1 };
  });
  const arrows = steps.map((from, i) => {
    const to = steps[(i + 1) % steps.length];
    const [x1, y1] = [from.x + (to.x - from.x) * 0.3, from.y + (to.y - from.y) * 0.3];
    const [x2, y2] = [from.x + (to.x - from.x) * 0.7, from.y + (to.y - from.y) * 0.7];
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#52606d" stroke-width="2" marker-end="url(#cycle-arrow)"/>`;
  });
  const boxes = steps.map(
    (s) =>
      `<rect x="${(s.x - 100).toFixed(1)}" y="${(s.y - 20).toFixed(1)}" width="200" height="40" rx="8" fill="#e3f0fb" stroke="#2f6fb0"/>` +
      text(s.x, s.y + 5, `${s.n}. ${s.label}`),
  );
  const marker =
    '<defs><marker id="cycle-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">' +
    '<path d="M0 0 L10 5 L0 10 z" fill="#52606d"/></marker></defs>';
  return { svg: svg(540, 380, l.caption, marker + arrows.join("") + boxes.join("")), caption: escapeHtml(l.caption) };
};

// ── Flow zones: the difference between challenge and skills decides the zone ──────────────────────────

const flowZones: Figure = (language) => {
  const l = labels("flowZones", language);
  const size = 300;
  const left = 50;
  const top = 10;
  // Bands parallel to the diagonal, by challenge − skills in parts of the square's side.
  const bands: [string, number, number, string][] = [
    [l.stress, 0.5, 1, "#f8d0d0"],
    [l.tension, 0.17, 0.5, "#fde8d7"],
    [l.flow, -0.17, 0.17, "#c6f0d5"],
    [l.routine, -0.5, -0.17, "#d9e8fb"],
    [l.boredom, -1, -0.5, "#e4e7eb"],
  ];
  const point = (skill: number, challenge: number) =>
    `${(left + skill * size).toFixed(1)},${(top + (1 - challenge) * size).toFixed(1)}`;
  // The part of the unit square where low ≤ challenge − skill ≤ high, as a polygon.
  const polygon = (low: number, high: number) => {
    const corners: [number, number][] = [];
    for (let i = 0; i <= 40; i++) {
      const skill = i / 40;
      corners.push([skill, Math.min(1, Math.max(0, skill + high))]);
    }
    for (let i = 40; i >= 0; i--) {
      const skill = i / 40;
      corners.push([skill, Math.min(1, Math.max(0, skill + low))]);
    }
    return corners.map(([s, c]) => point(s, c)).join(" ");
  };
  const labelAt: Record<string, [number, number]> = {
    [l.stress]: [0.15, 0.88],
    [l.tension]: [0.3, 0.62],
    [l.flow]: [0.5, 0.5],
    [l.routine]: [0.7, 0.38],
    [l.boredom]: [0.85, 0.12],
  };
  const body = [
    ...bands.map(([, low, high, fill]) => `<polygon points="${polygon(low, high)}" fill="${fill}" stroke="#9aa5b1"/>`),
    ...bands.map(([name]) => {
      const [s, c] = labelAt[name];
      return text(left + s * size, top + (1 - c) * size + 5, name, 'font-weight="600"');
    }),
    text(left + size / 2, top + size + 28, l.skills),
    text(20, top + size / 2, l.challenge, `transform="rotate(-90 20 ${top + size / 2})"`),
  ].join("");
  return { svg: svg(left + size + 20, top + size + 40, l.caption, body), caption: escapeHtml(l.caption) };
};

const figures: Record<string, Figure> = {
  "development-roles": developmentRoles,
  "review-cycle": reviewCycle,
  "flow-zones": flowZones,
};

/** Replace each `<p>{{figure:name}}</p>` with its figure; an unknown name stays as text, visible to the editor. */
export function placeFigures(html: string, language: Language): string {
  return html.replace(/<p>\{\{figure:([a-z-]+)\}\}<\/p>/g, (whole, name: string) => {
    const figure = figures[name];
    if (!figure) return whole;
    const { svg: drawing, caption } = figure(language);
    return `<figure>${drawing}<figcaption>${caption}</figcaption></figure>`;
  });
}

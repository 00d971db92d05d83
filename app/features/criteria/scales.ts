/**
 * Review scales (spec §3): 3, 4 or 5 levels plus not-rated (0). Browser-safe: used by forms, the
 * score toggle and the settings page. Values count up from low (1) to excellent (the scale size).
 */
export const scaleSizes = [3, 4, 5] as const;
export type ScaleSize = (typeof scaleSizes)[number];

export const levelNames = ["excellent", "good", "normal", "mediocre", "low"] as const;
export type LevelName = (typeof levelNames)[number];

const levelsOfScale: Record<ScaleSize, readonly LevelName[]> = {
  5: ["excellent", "good", "normal", "mediocre", "low"],
  4: ["excellent", "good", "normal", "low"],
  3: ["excellent", "normal", "low"],
};

export type ScaleLevel = { value: number; name: LevelName | "notRated" };

/** The levels of a scale from the highest value down, then not-rated (0). */
export function scaleLevels(size: ScaleSize): ScaleLevel[] {
  const names = levelsOfScale[size];
  return [...names.map((name, i) => ({ value: size - i, name })), { value: 0, name: "notRated" as const }];
}

export function isScaleSize(value: number): value is ScaleSize {
  return (scaleSizes as readonly number[]).includes(value);
}

/**
 * Scale colours as design tokens (tailwind.config.ts reads these). Each is at least 3:1 against white
 * (WCAG 1.4.11 non-text contrast), ordered blue → orange so that red/green colour blindness keeps them
 * apart, and every swatch is shown with the level's name (never colour alone).
 */
export const scaleColors: Record<LevelName | "notRated", string> = {
  excellent: "#1d4e89",
  good: "#2f72b8",
  normal: "#5f6b7a",
  mediocre: "#b45309",
  low: "#9a2b1f",
  notRated: "#737373",
};

/** WCAG relative-luminance contrast ratio between two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const dimensions = [1, 2, 3] as const;
export type Dimension = (typeof dimensions)[number];
export const dimensionKeys: Record<Dimension, "performance" | "potential" | "employability"> = {
  1: "performance",
  2: "potential",
  3: "employability",
};

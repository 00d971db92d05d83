/**
 * How a user likes score forms shown (spec §2: the show-info toggle and the scoring-mode switch), kept per
 * browser in a cookie (docs/decisions/1711). Client-safe: the controls and the forms read these.
 */
export const viewPreferenceValues = {
  /** Criterion descriptions and the characteristics per level: shown, or only names and scores. */
  info: ["shown", "hidden"],
  /** A score as one button per level (the score toggle), or as a compact list to choose from. */
  scoring: ["buttons", "list"],
} as const;

export type ViewPreferenceName = keyof typeof viewPreferenceValues;
export type ViewPreferences = { [K in ViewPreferenceName]: (typeof viewPreferenceValues)[K][number] };

export const defaultViewPreferences: ViewPreferences = { info: "shown", scoring: "buttons" };

export function isViewPreferenceName(name: unknown): name is ViewPreferenceName {
  return typeof name === "string" && Object.hasOwn(viewPreferenceValues, name);
}

/** `value` when it is one of `name`'s values, else undefined. */
export function viewPreferenceValue<K extends ViewPreferenceName>(name: K, value: unknown) {
  return (viewPreferenceValues[name] as readonly unknown[]).includes(value) ? (value as ViewPreferences[K]) : undefined;
}

/** The stored preferences with anything unknown or malformed replaced by the default. */
export function parseViewPreferences(stored: unknown): ViewPreferences {
  const object = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  return {
    info: viewPreferenceValue("info", object.info) ?? defaultViewPreferences.info,
    scoring: viewPreferenceValue("scoring", object.scoring) ?? defaultViewPreferences.scoring,
  };
}

/**
 * The field a switch pressed without JavaScript sends with its score form (`viewPreference.scoring` = "list"): the
 * form's own action saves what was typed and stores the choice on its way back (decision 1880).
 */
export function viewPreferenceField(name: ViewPreferenceName): string {
  return `viewPreference.${name}`;
}

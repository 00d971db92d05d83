import { useTranslation } from "react-i18next";
import { ErrorList, type ListOfErrors } from "./forms";

// Literal class names so that Tailwind finds them; the colours are the scale tokens (tailwind.config.ts).
const swatchClass = {
  excellent: "bg-scale-excellent",
  good: "bg-scale-good",
  normal: "bg-scale-normal",
  mediocre: "bg-scale-mediocre",
  low: "bg-scale-low",
  notRated: "bg-scale-notRated",
} as const;

/** A level's name: its label is `criteria:levels.<name>`, its colour the scale token of that name. */
export type ScoreLevelName = keyof typeof swatchClass;
type LevelName = Exclude<ScoreLevelName, "notRated">;

/**
 * The levels a score can take, from the highest value down (the caller's scale, e.g. the criteria
 * feature's `scaleLevels`), so that this primitive knows no feature.
 */
export type ScoreLevel = { value: number; name: ScoreLevelName };

export type ScoreToggleCriterion = {
  criterionId: string;
  name: string;
  description?: string;
  characteristics?: Partial<Record<LevelName, string>>;
};

/**
 * A criterion's score (UI.md): a fieldset with the criterion as legend and native radios for off and
 * every level of the scale, each label with the level's name and its colour swatch (never colour
 * alone). Arrow keys move between the radios natively. Uncontrolled, so it works without JavaScript;
 * give it a new `key` to reset it.
 */
export function ScoreToggle({
  criterion,
  levels,
  name,
  defaultValue,
  disabled,
  errors,
  mode = "buttons",
  showInfo = true,
}: {
  criterion: ScoreToggleCriterion;
  levels: readonly ScoreLevel[];
  name: string;
  /** "off" or "0".."scale" */
  defaultValue: string;
  disabled?: boolean;
  errors?: ListOfErrors;
  /** The scoring-mode switch's choice: a radio per level, or one select (same field, same values). */
  mode?: "buttons" | "list";
  /** The show-info toggle's choice: the description and the characteristics per level, or the name alone. */
  showInfo?: boolean;
}) {
  const { t } = useTranslation();
  const baseId = `score-${criterion.criterionId}`;
  const errorId = errors?.some(Boolean) ? `${baseId}-error` : undefined;
  const hintId = showInfo && criterion.description ? `${baseId}-hint` : undefined;
  const options = [
    { value: "off", label: t("evaluation:toggle.off"), swatch: null },
    ...levels.map((l) => ({
      value: String(l.value),
      label: t(`criteria:levels.${l.name}`),
      swatch: swatchClass[l.name],
    })),
  ];
  const characteristics = showInfo
    ? levels.filter(
        (l): l is { value: number; name: LevelName } =>
          l.name !== "notRated" && Boolean(criterion.characteristics?.[l.name]),
      )
    : [];
  const info = (
    <>
      {hintId ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {criterion.description}
        </p>
      ) : null}
      {characteristics.length > 0 ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-brand-700 underline">{t("evaluation:toggle.explanation")}</summary>
          <dl className="mt-1 space-y-1">
            {characteristics.map((l) => (
              <div key={l.name}>
                <dt className="font-medium">{t(`criteria:levels.${l.name}`)}</dt>
                <dd className="ml-4">{criterion.characteristics![l.name]}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </>
  );
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  if (mode === "list") {
    // The select carries the fieldset's id, so the error summary's link lands on it.
    return (
      <div className={`mb-4 rounded border p-3 ${errorId ? "border-2 border-danger" : "border-gray-300"}`}>
        <label htmlFor={baseId} className="block font-medium">
          {criterion.name}
        </label>
        {info}
        <select
          id={baseId}
          name={name}
          defaultValue={defaultValue}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={errorId ? true : undefined}
          className="mt-2 rounded border border-gray-400 bg-white px-2 py-1"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.value === "off" ? o.label : `${o.value} – ${o.label}`}
            </option>
          ))}
        </select>
        <ErrorList id={errorId} errors={errors} />
      </div>
    );
  }
  return (
    <fieldset
      id={baseId}
      className={`mb-4 rounded border p-3 ${errorId ? "border-2 border-danger" : "border-gray-300"}`}
      aria-describedby={describedBy}
      aria-invalid={errorId ? true : undefined}
    >
      <legend className="px-1 font-medium">{criterion.name}</legend>
      {info}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((o) => {
          const id = `${baseId}-${o.value}`;
          return (
            <div key={o.value} className="flex items-center">
              <input
                type="radio"
                id={id}
                name={name}
                value={o.value}
                defaultChecked={defaultValue === o.value}
                disabled={disabled}
                className="peer h-4 w-4"
              />
              <label
                htmlFor={id}
                className="ml-1 flex items-center gap-1 rounded border border-gray-300 px-2 py-1 text-sm peer-checked:border-ink peer-checked:font-semibold"
              >
                {o.swatch ? (
                  <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${o.swatch}`} />
                ) : null}
                {o.label}
              </label>
            </div>
          );
        })}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** The levels of a scale with their names and swatches, for the top of a review page. */
export function ScaleLegend({ levels }: { levels: readonly ScoreLevel[] }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4">
      <h2 id="scale-legend" className="text-base font-semibold">
        {t("evaluation:toggle.legend")}
      </h2>
      <ul aria-labelledby="scale-legend" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {levels.map((l) => (
          <li key={l.value} className="flex items-center gap-1">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${swatchClass[l.name]}`} />
            {l.value} – {t(`criteria:levels.${l.name}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  defaultViewPreferences,
  viewPreferenceField,
  viewPreferenceValue,
  type ViewPreferenceName,
  type ViewPreferences,
} from "~/utils/view-preferences";

/*
 * The show-info toggle and the scoring-mode switch of spec §2 (docs/decisions/1711). Each is a small POST form
 * to /resources/view-preference: without JavaScript it stores the choice and comes back to the page; with it a
 * fetcher stores it while the page already shows the choice, and nothing typed on the page is touched. On a score
 * form (`formId`) a control pressed without JavaScript submits that form instead, carrying the choice: what was
 * typed is saved, then the page comes back in the chosen view (decision 1880).
 */

const fetcherKey = (name: ViewPreferenceName) => `view-preference-${name}`;

/** The user's choices: the stored ones (the app layout's loader), or the one being stored right now. */
export function useViewPreferences(): ViewPreferences {
  const stored = useRouteLoaderData<{ view?: ViewPreferences }>("routes/_app+/_layout")?.view ?? defaultViewPreferences;
  const info = useFetcher({ key: fetcherKey("info") }).formData?.get("value");
  const scoring = useFetcher({ key: fetcherKey("scoring") }).formData?.get("value");
  return {
    info: viewPreferenceValue("info", info) ?? stored.info,
    scoring: viewPreferenceValue("scoring", scoring) ?? stored.scoring,
  };
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * What a control's button submits: its own preference form (`value`), or — not hydrated, on a score form — the
 * score form `formId`, with the choice in `viewPreferenceField(name)` (decision 1880).
 */
function useChoiceButton(name: ViewPreferenceName, formId: string | undefined) {
  const hydrated = useHydrated();
  return hydrated || !formId ? { name: "value" } : { name: viewPreferenceField(name), form: formId };
}

function PreferenceForm({ name, children }: { name: ViewPreferenceName; children: ReactNode }) {
  const fetcher = useFetcher({ key: fetcherKey(name) });
  const location = useLocation();
  // Only a hydrated form asks for a 200 instead of the redirect back to the page.
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action="/resources/view-preference" data-unsaved-guard="off">
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      {children}
    </fetcher.Form>
  );
}

const pill = "rounded border px-3 py-1 text-sm";

/**
 * Shows or hides the explanations (criterion descriptions, characteristics per level) of the page. `formId`: the
 * score form it saves first without JavaScript (1880).
 */
export function ShowInfoToggle({ formId }: { formId?: string }) {
  const { t } = useTranslation();
  const shown = useViewPreferences().info === "shown";
  const target = useChoiceButton("info", formId);
  return (
    <PreferenceForm name="info">
      <button
        type="submit"
        {...target}
        value={shown ? "hidden" : "shown"}
        role="switch"
        aria-checked={shown}
        className={`${pill} inline-flex items-center gap-2 ${shown ? "border-brand-700 bg-brand-50" : "border-gray-400 bg-white"}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-3 w-6 rounded-full ${shown ? "bg-brand-700" : "bg-gray-400"}`}
        />
        {t("common:view.info")}
      </button>
    </PreferenceForm>
  );
}

/** Chooses how a score is given: a button per level (the score toggle) or a compact list; `formId` as above. */
export function ScoringModeSwitch({ formId }: { formId?: string }) {
  const { t } = useTranslation();
  const mode = useViewPreferences().scoring;
  const labelId = useId();
  const target = useChoiceButton("scoring", formId);
  return (
    <PreferenceForm name="scoring">
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
        <span id={labelId} className="text-sm font-medium">
          {t("common:view.scoring.label")}
        </span>
        {(["buttons", "list"] as const).map((value) => (
          <button
            key={value}
            type="submit"
            {...target}
            value={value}
            aria-pressed={mode === value}
            className={`${pill} ${mode === value ? "border-brand-700 bg-brand-50 font-semibold" : "border-gray-400 bg-white"}`}
          >
            {t(`common:view.scoring.${value}`)}
          </button>
        ))}
      </div>
    </PreferenceForm>
  );
}

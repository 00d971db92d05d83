import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { connectorStageList } from "../connector-settings";

/**
 * The import-source statuses as they pass (done, current, to come) with the people fetched so far.
 * While it works: without JavaScript the page refreshes itself, with JavaScript the loader revalidates.
 */
export function ConnectorStages({ stage, done, working }: { stage: string; done: number; working: boolean }) {
  const { t } = useTranslation();
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!working) return;
    const timer = window.setInterval(() => {
      if (state === "idle") revalidate();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [revalidate, state, working]);
  const current = connectorStageList.indexOf(stage as (typeof connectorStageList)[number]);
  return (
    <section aria-live="polite" className="rounded bg-white p-4 shadow-sm">
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <ol className="mb-3 space-y-1">
        {connectorStageList.map((s, i) => (
          <li key={s} aria-current={i === current ? "step" : undefined} className={i === current ? "font-bold" : ""}>
            {i < current ? "✓ " : i === current ? "→ " : "○ "}
            {t(`import:connector.stages.${s}`)}
          </li>
        ))}
      </ol>
      <label htmlFor="connector-progress" className="block">
        {t("import:connector.fetched", { count: done })}
      </label>
      <progress
        id="connector-progress"
        className="w-full max-w-md"
        value={working ? undefined : done}
        max={working ? undefined : done || 1}
      />
    </section>
  );
}

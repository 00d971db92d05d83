import { useTranslation } from "react-i18next";
import { RefreshWhileWorking } from "~/components/ui/refresh-while-working";

/**
 * A job at work: a progress bar with rows done of total. Without JavaScript the page refreshes itself
 * (the meta refresh inside noscript is read only then); with JavaScript the loader is revalidated.
 * A connector import's fetch (`source` "AFAS Profit"/"Polaris") says where it fetches from and how many
 * people came so far (the total is unknown until the last page); a file being read, how many rows were
 * stored so far (they are stored while the file is read, so the total is known only at its end).
 */
export function ImportProgress({
  status,
  done,
  total,
  source,
}: {
  status: string;
  done: number;
  total: number;
  source?: string;
}) {
  const { t } = useTranslation();
  const fetching = source !== undefined && status === "parsing";
  return (
    <section aria-live="polite" className="rounded bg-white p-4 shadow-sm">
      <RefreshWhileWorking />
      <h2 className="mb-2">{fetching ? t("import:connector.fetching", { source }) : t(`import:status.${status}`)}</h2>
      <label htmlFor="import-progress" className="block">
        {total > 0
          ? t("import:progress.rows", { done, total })
          : done > 0
            ? fetching
              ? t("import:connector.fetched", { count: done })
              : t("import:progress.read", { count: done })
            : t("import:progress.waiting")}
      </label>
      <progress id="import-progress" className="w-full max-w-md" value={done} max={total || undefined} />
    </section>
  );
}

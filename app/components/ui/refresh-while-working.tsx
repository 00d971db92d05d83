import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * While a job works, its page refreshes: without JavaScript through a meta refresh inside noscript (read only
 * then), with JavaScript by revalidating the loaders every second.
 */
export function RefreshWhileWorking({ seconds = 2 }: { seconds?: number }) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (state === "idle") revalidate();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [revalidate, state]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}

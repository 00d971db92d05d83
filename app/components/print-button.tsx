import { useEffect, useState } from "react";

/**
 * A button that prints the page (window.print), shown only once JavaScript runs; without it the page says the
 * browser's own print command does the same. The print styles are `styles/print.css`.
 */
export function PrintButton({
  label,
  className = "no-print rounded border border-gray-400 bg-white px-4 py-2 font-medium",
}: {
  label: string;
  className?: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <button type="button" onClick={() => window.print()} className={className}>
      {label}
    </button>
  );
}

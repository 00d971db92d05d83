import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Tabs } from "./ui/tabs";

/**
 * The open tab of a detail page at `{baseHref}/{tab}`. Each tab is its own child route of a pathless
 * layout (docs/decisions/0710), so the layout reads the tab from the URL rather than from a `$tab` param.
 */
export function useOpenTab(baseHref: string): string {
  const { pathname } = useLocation();
  return pathname.startsWith(`${baseHref}/`) ? pathname.slice(baseHref.length + 1).split("/")[0] : "";
}

/**
 * The frame of a detail page with tabs (an employee, a team): back link, heading, optional status line and
 * notice, the tab bar, then the open tab's route (`children`, usually `<Outlet />`).
 */
export function TabbedDetailPage({
  className,
  back,
  title,
  status,
  notice,
  tabsLabel,
  baseHref,
  tabs,
  children,
}: {
  className: string;
  back: { href: string; label: string };
  title: string;
  status?: ReactNode;
  notice?: ReactNode;
  tabsLabel: string;
  baseHref: string;
  tabs: { key: string; label: string }[];
  children: ReactNode;
}) {
  const current = useOpenTab(baseHref);
  return (
    <div className={className}>
      <p className="mb-2">
        <Link to={back.href}>{back.label}</Link>
      </p>
      <h1 className={status ? "mb-1" : "mb-4"}>{title}</h1>
      {status ? <p className="mb-4 text-sm text-ink-muted">{status}</p> : null}
      {notice}
      <Tabs label={tabsLabel} baseHref={baseHref} current={current} tabs={tabs} />
      {children}
    </div>
  );
}

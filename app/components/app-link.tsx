import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

/**
 * A plain link inside the app, for places that render many of them (navigation, tabs, table rows, paging).
 *
 * Remix's `<Link>` resolves its path and sets up its click handler with several router hooks per link,
 * which made the shell's navigation alone a third of a page's server render (docs/decisions/0013).
 * An AppLink is an ordinary `<a>`: without JavaScript it is what it always was; with JavaScript the one
 * listener of `useAppLinkNavigation` (mounted in the root) turns its plain clicks into client-side
 * navigations, as `<Link>` would. Use `<Link>` where you need its options (state, relative paths, prefetch).
 */
export function AppLink({ href, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  // data-discover lets Remix's lazy route discovery find the target's route before the click, as for <Link>.
  return (
    <a href={href} data-app-link="" data-discover="true" {...props}>
      {children}
    </a>
  );
}

/** Whether a click on this anchor is one the browser should leave alone (new tab, download, other site...). */
function isOwnPlainClick(event: MouseEvent, anchor: HTMLAnchorElement, origin: string): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  if (anchor.hasAttribute("download")) return false;
  return new URL(anchor.href, origin).origin === origin;
}

/** One document-wide click listener that navigates client-side for every AppLink. Mount once, in the root. */
export function useAppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const target = event.target instanceof Element ? event.target : null;
      const anchor = target?.closest("a[data-app-link]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (!isOwnPlainClick(event, anchor, window.location.origin)) return;
      event.preventDefault();
      const url = new URL(anchor.href, window.location.origin);
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // Like <Link>: a link to the page you are on replaces the history entry instead of adding one.
      navigate(to, { replace: to === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

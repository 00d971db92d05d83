import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { PostButton, SkipLink, SwitchForm } from "~/components/header-controls";
import { LanguageSwitch } from "~/components/language-switch";
import { PageError } from "~/components/page-error";
import { UnsavedChangesGuard } from "~/components/unsaved-changes";
import { isLicenceActive, trialDaysLeft } from "~/features/account/licence.server";
import { helpLinksFor } from "~/features/knowledge-base/help-links";
import { visibleNavigation, type VisibleNavSection } from "~/features/navigation/navigation";
import { countUnseenTasks } from "~/features/tasks/tasks.server";
import { requireUser, rightsSubject } from "~/utils/tenant.server";
import { readViewPreferences } from "~/utils/view-preferences.server";

export const handle = { i18n: ["common", "nav", "signup"] };

/**
 * The tasks badge is this loader's: read it again when a navigation reaches the dashboard (whose tasks block
 * shows the same count) or a tasks page (where opening a task marks it seen), not on every navigation.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate ||
  (currentUrl.pathname !== nextUrl.pathname &&
    (nextUrl.pathname === "/dashboard" || nextUrl.pathname.startsWith("/tasks/")));

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  return {
    user: { displayName: ctx.user.displayName, email: ctx.user.email },
    account: { name: ctx.account.name },
    cluster: ctx.cluster,
    clusters: ctx.clusters,
    navigation: visibleNavigation(rightsSubject(ctx)),
    // One count over the receiver index: the tasks entry's badge (unopened tasks given to me).
    badges: { tasks: await countUnseenTasks(ctx) } as Record<string, number>,
    // Only account admins can act on the licence, so only they see its state.
    licence: ctx.user.isAccountAdmin
      ? { trialDaysLeft: trialDaysLeft(ctx.account), active: isLicenceActive(ctx) }
      : null,
    impersonation: ctx.impersonatorName ? { impersonatorName: ctx.impersonatorName } : null,
    // The show-info toggle's and the scoring-mode switch's choices (1711): read by every score form.
    view: await readViewPreferences(request),
  };
}

function NavList({
  sections,
  pathname,
  badges,
}: {
  sections: VisibleNavSection[];
  pathname: string;
  badges: Record<string, number>;
}) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-4">
      {sections.map((section) => (
        <li key={section.key}>
          {section.items.length > 1 ? (
            <>
              <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-ink-muted">
                {t(`nav:section.${section.key}`)}
              </h2>
              <ul className="mt-1">
                {section.items.map((item) => (
                  <li key={item.key}>
                    <NavItemLink
                      href={item.href}
                      label={t(`nav:item.${item.key}`)}
                      pathname={pathname}
                      badge={badges[item.key]}
                    />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <NavItemLink
              href={section.items[0].href}
              label={t(`nav:item.${section.items[0].key}`)}
              pathname={pathname}
              badge={badges[section.items[0].key]}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Active as NavLink would be (the page itself or one below it). A plain AppLink: router links made the
 * navigation a third of each page's server render (docs/decisions/0013).
 */
function NavItemLink({
  href,
  label,
  pathname,
  badge,
}: {
  href: string;
  label: string;
  pathname: string;
  badge?: number;
}) {
  const { t } = useTranslation();
  const here = pathname.toLowerCase();
  const isActive = here === href || here.startsWith(`${href}/`);
  // .nav-link (tailwind.css) styles the item and its aria-current state: one short class per link.
  return (
    <AppLink href={href} aria-current={isActive ? "page" : undefined} className="nav-link">
      {label}
      {badge ? (
        <span data-testid="nav-badge" className="ml-2 rounded-full bg-brand-800 px-2 text-xs font-semibold text-white">
          <span aria-hidden="true">{badge}</span>
          <span className="sr-only">{t("nav:unreadTasks", { count: badge })}</span>
        </span>
      ) : null}
    </AppLink>
  );
}

function LicenceBanner({ trialDaysLeft, active }: { trialDaysLeft: number | null; active: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="licence-banner"
      className={`no-print flex flex-wrap items-center gap-3 border-b px-4 py-2 ${
        active ? "border-brand-100 bg-brand-50" : "border-danger bg-danger-bg"
      }`}
    >
      <p>
        {active && trialDaysLeft !== null
          ? t("signup:trial.daysLeft", { count: trialDaysLeft })
          : t("signup:trial.ended")}
      </p>
      <a href="/account/dashboard" className="font-medium">
        {t("signup:trial.action")}
      </a>
    </div>
  );
}

/** The knowledge base article (and guide page) that explains this page, if there is one (decision 1341). */
function HelpLinks({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const links = helpLinksFor(pathname);
  if (links.length === 0) return null;
  return (
    <p data-testid="help-links" className="no-print mb-2 flex flex-wrap justify-end gap-x-4 text-sm">
      {links.map((link) => (
        <AppLink key={link.key} href={link.href} className="inline-block py-0.5">
          {t(`common:help.${link.key}`)}
        </AppLink>
      ))}
    </p>
  );
}

type ShellData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AppLayout() {
  return (
    <>
      <AppShell data={useLoaderData<typeof loader>()}>
        <Outlet />
      </AppShell>
      <UnsavedChangesGuard />
    </>
  );
}

/**
 * A page below that throws (a 404 for an id of another tenant, a 403, a fault) keeps the shell and the
 * navigation: only the content area shows the translated message (docs/decisions/0664).
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_app+/_layout");
  const error = useRouteError();
  const message = <PageError error={error} />;
  // Without the layout's own data (its loader failed) there is no shell to keep: root's page look.
  if (!data) return <main className="mx-auto max-w-xl p-8">{message}</main>;
  return <AppShell data={data}>{message}</AppShell>;
}

/** The signed-in shell: skip link, top bar (cluster, language, user), navigation by rights and modules. */
function AppShell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { user, account, cluster, clusters, navigation, badges, licence, impersonation } = data;
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className="min-h-screen">
      <SkipLink />
      <header className="no-print border-b bg-white">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2 md:py-3">
          <div>
            <span className="text-lg font-semibold text-brand-800">{t("common:appName")}</span>
            <span className="ml-3 text-sm text-ink-muted">
              <span className="max-md:hidden">{account.name} · </span>
              <span data-testid="current-cluster">{cluster.name}</span>
            </span>
          </div>
          {/* On a phone the person's controls fold behind their name, as the navigation does (.nav-toggle),
              so the page starts near the top; without JavaScript too. */}
          <details key={location.pathname} className="nav-toggle text-sm md:hidden">
            <summary className="cursor-pointer">{user.displayName}</summary>
          </details>
          {/* Switches, not input: choosing a cluster or language and not applying it loses nothing. */}
          <div className="nav-list flex w-full flex-wrap items-center gap-4 md:w-auto" data-unsaved-guard="off">
            {clusters.length > 1 ? (
              <SwitchForm
                action="/resources/switch-cluster"
                id="cluster-switch"
                name="clusterId"
                label={t("common:cluster.label")}
                value={cluster.id}
                options={clusters.map((c) => ({ value: c.id, label: c.name }))}
                submitLabel={t("common:cluster.submit")}
              />
            ) : null}
            <LanguageSwitch redirectTo={here} />
            <span className="text-sm" data-testid="user-name">
              {user.displayName}
            </span>
            <PostButton action="/logout">{t("common:user.logout")}</PostButton>
          </div>
        </div>
      </header>
      {impersonation ? (
        <div
          data-testid="login-as-banner"
          className="no-print flex flex-wrap items-center gap-3 border-b border-danger bg-danger-bg px-4 py-2"
        >
          <p>{t("signup:loginAs.banner", { name: user.displayName, impersonator: impersonation.impersonatorName })}</p>
          <PostButton action="/resources/login-as-stop">{t("signup:loginAs.stop")}</PostButton>
        </div>
      ) : null}
      {licence && (licence.trialDaysLeft !== null || !licence.active) ? <LicenceBanner {...licence} /> : null}
      <div className="md:flex">
        {/* Rendered once for every width: on small screens the <details> in front of the list opens and
            closes it through CSS (.nav-toggle in tailwind.css), so no JavaScript is needed (decision 0013). */}
        <nav
          aria-label={t("common:nav.label")}
          className="no-print border-b bg-white md:w-64 md:shrink-0 md:border-b-0 md:border-r"
        >
          {/* A new page starts with the menu closed, also after a client-side navigation. */}
          <details key={location.pathname} className="nav-toggle px-4 py-2 md:hidden">
            <summary className="cursor-pointer font-medium">{t("common:nav.menu")}</summary>
          </details>
          <div className="nav-list px-4 pb-2 md:p-4">
            <NavList sections={navigation} pathname={location.pathname} badges={badges} />
          </div>
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          <HelpLinks pathname={location.pathname} />
          {children}
        </main>
      </div>
    </div>
  );
}

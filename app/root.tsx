import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAppLinkNavigation } from "./components/app-link";
import { PageError } from "./components/page-error";
import { ToastRegion } from "./components/ui/toast";
import { useNonce } from "./utils/nonce";
import tailwind from "./styles/tailwind.css";
import type { Language } from "./utils/i18n";
import { switchLanguage } from "./utils/i18n.client";
import { getLanguage, localesVersion } from "./utils/i18n.server";
import { getToast } from "./utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common", "validation"] };

// public route: the document shell; it only reads language and toast.
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLanguage(request);
  const { toast, headers } = await getToast(request);
  return data({ locale, toast, localesVersion: localesVersion() }, headers ? { headers } : undefined);
}

export const meta: MetaFunction = () => [{ title: "Teamontwikkeling" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const locale = rootData?.locale ?? i18n.language ?? "nl";
  // Marks the document as interactive: until React has hydrated, controls behave as without JavaScript
  // (the end-to-end tests wait for this before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    // data-locales: the translation files' version, for the URLs entry.client.tsx loads them from.
    <html lang={locale} dir={i18n.dir(locale)} data-locales={rootData?.localesVersion}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-gray-50">
        {children}
        <ToastRegion toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useLanguage(locale);
  useAppLinkNavigation();
  return <Outlet />;
}

/** The browser's texts follow the root loader's language (after a switch); the new texts are read once. */
function useLanguage(locale: Language) {
  const { i18n } = useTranslation();
  useEffect(() => {
    void switchLanguage(i18n, locale);
  }, [i18n, locale]);
}

/** Never a stack trace: a translated message by status (PageError). */
export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-xl p-8">
      <PageError error={useRouteError()} />
    </main>
  );
}

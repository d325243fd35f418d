import { useContext } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useRouteError,
} from "react-router";
import { shortName } from "../core/accounts/short-name";
import { CATALOGUES, headMessages } from "../core/i18n/catalogues";
import { HTML_LANG, requestLanguage, textDirection } from "../core/i18n/languages";
import { webManifestPathFor } from "../core/offline/offline-language";
import type { Route } from "./+types/root";
import "./app.css";
import { useCspNonce } from "./features/site/csp-nonce";
import { metaI18n, PageMessagesContext, useI18n } from "./features/i18n/i18n";
import { OfflineSupport } from "./features/offline/offline-support";
import { DeferredScripts } from "./features/site/deferred-scripts";
import { SiteFooter } from "./features/site/site-footer";
import { SiteHeader } from "./features/site/site-header";
import { IslandLinks } from "./components/ui/static-island";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  // The page's language (cookie, else Accept-Language, else English) and the few words its title
  // needs; the rest of its catalogue is a file the browser fetches once (decision 015).
  const lang = requestLanguage(request);
  // "My alerts" in the account menu carries how many listings were found since the last visit
  // (decision 022), worded here: the header's script stays as small as the home page's budget needs.
  const unseen = user ? await context.services.alerts.countUnseen(user).catch(() => 0) : 0;
  const alerts = `${CATALOGUES[lang].alerts.title}${unseen ? ` (${unseen})` : ""}`;
  return {
    user: user ? { name: user.name, shortName: shortName(user.name), alerts, unseen } : null,
    lang,
    head: headMessages(lang),
  };
}

/** Who is signed in changes only when a form is sent (login, logout, sign-up): not on every search or page link. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.site") }, { name: "description", content: t("meta.description") }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useCspNonce();
  const { lang, t } = useI18n();
  const { href } = useContext(PageMessagesContext);
  return (
    <html lang={HTML_LANG[lang]} dir={textDirection(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#166534" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable (decision 016), named in the page's language. */}
        <link rel="manifest" href={webManifestPathFor(lang)} />
        <link rel="apple-touch-icon" href="/icon-192.png" />
        {/* This page's catalogue, fetched before the page comes alive (app/entry.client.tsx). */}
        {href ? <link rel="preload" as="fetch" href={href} crossOrigin="anonymous" data-messages="" /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t("shell.skip")}
        </a>
        {children}
        <SiteFooter />
        <IslandLinks />
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useI18n();
  if (navigation.state === "idle") return null;
  return <div role="progressbar" aria-label={t("shell.loading")} className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-saffron-500" />;
}

export default function App() {
  return (
    <>
      <NavigationProgress />
      <OfflineSupport />
      <SiteHeader />
      <main id="main" className="flex-1 pb-10">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { t } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : null;
  const notFound = status === 404;
  // A listing its seller deleted (410): nothing went wrong, it is simply gone.
  const gone = status === 410;
  // A 503 (the database or storage not answering, or a busy server turning a page away, say after
  // an in-app link; its data is then the 503 page's HTML): what the server's own 503 page says,
  // and a Try again that loads this address afresh, so a tap that met a busy moment costs one
  // more tap, not a trip back home.
  const unavailable = status === 503;
  const message = isRouteErrorResponse(error)
    ? error.status === 405
      ? t("error.noForms")
      : typeof error.data === "string"
        ? error.data
        : error.statusText
    : t("error.sorry");
  return (
    <>
      <SiteHeader />
      <main id="main" className="page flex-1 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {t(notFound ? "error.notFound" : gone ? "error.removed" : unavailable ? "error.downTitle" : "error.wrong")}
        </h1>
        {unavailable ? (
          <>
            <p className="mt-3 text-stone-700">{t("error.downText")}</p>
            <p className="mt-1 text-stone-700">{t("error.downRetry")}</p>
          </>
        ) : (
          <p className="mt-3 text-stone-700">{notFound && !message ? t("error.couldNotFind") : message}</p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {unavailable && (
            <a href={pathname + search} className="btn-primary">
              {t("error.downButton")}
            </a>
          )}
          <a href="/" className={unavailable ? "btn-secondary" : "btn-primary"}>
            {t(gone ? "error.seeMandi" : "error.goHome")}
          </a>
        </div>
      </main>
    </>
  );
}

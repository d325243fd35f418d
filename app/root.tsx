import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useNavigation,
  useRouteError,
} from "react-router";
import { NO_FORMS_HERE, UNAVAILABLE_MESSAGE } from "../core/messages";
import type { Route } from "./+types/root";
import "./app.css";
import { useCspNonce } from "./components/csp-nonce";
import { DeferredScripts } from "./components/deferred-scripts";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  return { user: user ? { name: user.name } : null };
}

/** Who is signed in changes only when a form is sent (login, logout, sign-up): not on every search or page link. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = () => [
  { title: "Mandi — fresh farm produce, straight from the farmer" },
  { name: "description", content: "Buy rice, wheat, fruits, vegetables, oil seeds, nuts and dry fruits directly from farmers. Prices per kg in rupees." },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useCspNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#166534" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-saffron-500" />;
}

export default function App() {
  return (
    <>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" className="flex-1 pb-10">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A listing its seller deleted (410): nothing went wrong, it is simply gone.
  const gone = isRouteErrorResponse(error) && error.status === 410;
  // A 503 after the page has loaded (an in-app link, a form sent by script) carries the 503
  // page's HTML as its data: say what it says instead.
  const message = isRouteErrorResponse(error)
    ? error.status === 503
      ? UNAVAILABLE_MESSAGE
      : error.status === 405
      ? NO_FORMS_HERE
      : typeof error.data === "string"
      ? error.data
      : error.statusText
    : "Sorry, something went wrong on our side. Please try again in a moment.";
  return (
    <>
      <SiteHeader />
      <main id="main" className="page flex-1 py-16 text-center">
        <h1 className="text-2xl font-bold">{notFound ? "Page not found" : gone ? "Listing removed" : "Something went wrong"}</h1>
        <p className="mt-3 text-stone-700">{notFound && !message ? "We could not find that page." : message}</p>
        <a href="/" className="btn-primary mt-6">
          {gone ? "See what is on Mandi" : "Go to the home page"}
        </a>
      </main>
      <SiteFooter />
    </>
  );
}

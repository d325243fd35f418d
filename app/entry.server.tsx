import { Writable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  type ServerInstrumentation,
} from "react-router";
import { NO_FORMS_HERE } from "../core/i18n/messages";
import { noteRouteError, routeWasUnavailable, unavailablePageResponse } from "../server/http/unavailable";
import { CATALOGUES } from "../core/i18n/catalogues";
import { requestLanguage } from "../core/i18n/languages";
import { messagesPath } from "../server/http/messages";
import { CspNonceContext } from "./features/site/csp-nonce";
import { PageMessagesContext, type PageMessages } from "./features/i18n/i18n";

export const streamTimeout = 5_000;

/**
 * Every loader and action is counted until it ends (server/http/work-in-hand.ts). React Router
 * races them against the request's abort signal and lets go of those whose client has gone; they
 * still run their queries, and a stopping server must wait for them before closing the database.
 */
const holdUntilDone = async (call: () => Promise<unknown>, info: { context: unknown }) => {
  const hold = (info.context as Partial<AppLoadContext> | undefined)?.holdWork;
  await (hold ? hold(call()) : call());
};
export const instrumentations: ServerInstrumentation[] = [
  { route: (route) => route.instrument({ loader: holdUntilDone, action: holdUntilDone }) },
];

/**
 * A `.data` request sent with a method the route has no action for: React Router's answer names
 * the route's internal id, so it is replaced by a plain one.
 */
export const handleDataRequest: HandleDataRequestFunction = (response) =>
  response.status === 405
    ? new Response(NO_FORMS_HERE, { status: 405, headers: { "Content-Type": "text/plain; charset=utf-8", Allow: "GET, HEAD" } })
    : response;

/** Every loader or action error: unavailability is noted (for a 503) and logged at warn; a bug is logged as an error. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const loadContext = context as AppLoadContext;
  const { logger } = loadContext;
  // A request React Router itself refused (a POST to a page with no form, say) is the client's.
  if (isRouteErrorResponse(error) && error.status < 500)
    return void logger.info({ status: error.status, requestId: loadContext.requestId }, "route refused the request");
  if (!noteRouteError(error, loadContext, logger)) logger.error({ err: error, requestId: loadContext.requestId }, "route error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page whose data could not be read because a database or the photo store is down: the one 503 page.
  if (routeWasUnavailable(loadContext)) return unavailablePageResponse(request);
  const nonce = loadContext.cspNonce;
  // The page's words (decision 015): the browser fetches the same catalogue before it hydrates.
  const lang = requestLanguage(request);
  const pageMessages: PageMessages = { lang, messages: CATALOGUES[lang], href: messagesPath(lang) };
  // The render on a turn of the event loop of its own, after the loaders' (decision 038): on
  // SQLite each is one stretch without a break, and a 503 waits for no more than one of them.
  const ownTurn = loadContext.nextTurn?.() ?? Promise.resolve();
  return ownTurn.then(() => render(request, responseStatusCode, responseHeaders, routerContext, loadContext, nonce, pageMessages));
}

function render(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
  nonce: string,
  pageMessages: PageMessages,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <PageMessagesContext.Provider value={pageMessages}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageMessagesContext.Provider>
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // The page is sent whole, as one chunk, once React has written it (issue 27, decision 040).
          // No route has a Suspense boundary or deferred data, so the shell is the whole page and React
          // writes it in one go: streaming it gained nothing, and cost a write, a flush and a
          // compression step for every 2 KB React wrote (10% of a worker's time under mixed traffic).
          // A route that adds <Await> or a Suspense boundary needs streaming back for its page.
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error, requestId: loadContext.requestId }, "render error");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/// <reference lib="webworker" />
/**
 * Mandi's service worker (decision 016), built after the app by scripts/vite-service-worker.ts
 * (esbuild, then Workbox's injectManifest) into build/client/sw.js.
 *
 * - The app shell (every built script and the stylesheet, and the icons) is precached.
 * - Pages always come from the network first. A browse page the server marked as keepable
 *   (core/offline/offline-copy.ts: the X-Offline-Copy header, set in server/http/cache-control.ts) is
 *   saved; with no network it is shown from here with a "may be out of date" banner. Anything
 *   else gets the offline page. Nothing is saved that the server did not mark, and never
 *   /uploads, /api/auth, /create, /my, /admin, `.data` or anything sent with POST.
 * - Saved pages belong to one viewer: the header names whose page it is, and when that changes
 *   (and whenever someone logs in, signs up, logs out or deletes their account) every saved page
 *   is dropped, so no one is shown a page with someone else's name on it.
 * - A new version takes over at once (skipWaiting + clientsClaim); since pages come from the
 *   network first, the next page opened is the new version's. Nothing reloads the page.
 * - Web Push (decision 027, ./push.ts): a match's message becomes a notification; a tap opens the listing.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import {
  BACKGROUND_SAVE_HEADER,
  changesWhoIsSignedIn,
  isBrowsePage,
  isNeverKeptOffline,
  OFFLINE_COPY_HEADER,
} from "../../core/offline/offline-copy";
import { offlinePageHtml, withSavedCopyBanner } from "./offline-page";
import { SERVICE_WORKER_MESSAGES, type PageShownMessage } from "./messages";
import { forgetPushSubscription, handlePush } from "./push";

declare const self: ServiceWorkerGlobalScope;

const PAGES_CACHE = "mandi-pages-v1";
/** Whose pages are saved, and the language of the last page seen (for the offline page). */
const META_CACHE = "mandi-offline-meta-v1";
const SCOPE_KEY = "/__offline/scope";
const LANG_KEY = "/__offline/lang";
const MAX_SAVED_PAGES = 40;

const manifest = self.__WB_MANIFEST;
const stylesheet = manifest
  .map((entry) => `/${(typeof entry === "string" ? entry : entry.url).replace(/^\//, "")}`)
  .find((url) => url.endsWith(".css"));

self.addEventListener("install", () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(manifest);
// Notifications of saved-search matches (decision 027).
handlePush();

// Someone may be signing in, up or out: drop every saved page and the phone's notifications now,
// whatever the answer.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && changesWhoIsSignedIn(event.request.method, url.pathname)) event.waitUntil(forgetViewer());
});

const isNavigation = ({ request }: { request: Request }) => request.mode === "navigate";
registerRoute(isNavigation, ({ request, event }) => answerNavigation(request, event as ExtendableEvent), "GET");
// A form sent without JavaScript while offline: the offline page rather than the browser's error.
registerRoute(isNavigation, ({ request, event }) => answerNavigation(request, event as ExtendableEvent), "POST");

/** Hashed build files (older versions' too, for pages saved under them) and listing photos. */
const only200 = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 ? response : null) };
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: "mandi-assets-v1",
    plugins: [only200, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/media/"),
  new CacheFirst({
    cacheName: "mandi-photos-v1",
    plugins: [only200, new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
);

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data = event.data as PageShownMessage | { type: string } | null;
  if (data?.type === SERVICE_WORKER_MESSAGES.dropSavedPages) event.waitUntil(forgetViewer());
  if (data?.type !== SERVICE_WORKER_MESSAGES.pageShown) return;
  const { url, lang, save } = data as PageShownMessage;
  event.waitUntil(
    (async () => {
      if (typeof lang === "string") await writeMeta(LANG_KEY, lang);
      // A page opened by an in-app link came as `.data`: fetch the page itself to save it.
      const pageUrl = new URL(url, self.location.origin);
      if (!save || pageUrl.origin !== self.location.origin || !isBrowsePage(pageUrl.pathname)) return;
      await saveInBackground(pageUrl);
    })(),
  );
});

/**
 * Background saves (decision 042): nobody waits for them, so they must never cost a person their
 * page. One at a time, however fast the person taps (and however many pages were shown before the
 * worker first took control): a burst of whole-page renders would fill the server's places and
 * get the person's own next tap turned away. An address already waiting is not asked for twice,
 * nor one saved in the last SAVE_AGAIN_AFTER_MS (tapping back and forth between two categories
 * would download each page twice over on a metered plan). The request says it is a background
 * save, so a busy server turns it away first; it is asked again later, twice at most.
 */
const SAVE_AGAIN_AFTER_MS = 2 * 60_000;
const RETRY_DELAYS_MS = [3_000, 9_000];
/** When each address was last saved, in this generation (see `generation`); the worker's memory only. */
const lastSaved = new Map<string, number>();
const waitingSaves = new Set<string>();
const oneSaveAtATime = inTurn();

function saveInBackground(url: URL): Promise<void> {
  const savedLately = () => Date.now() - (lastSaved.get(url.href) ?? -Infinity) < SAVE_AGAIN_AFTER_MS;
  // (One already waiting is kept alive by the message that asked for it.)
  if (waitingSaves.has(url.href) || savedLately()) return Promise.resolve();
  waitingSaves.add(url.href);
  const startedAt = generation;
  const save = async () => {
    waitingSaves.delete(url.href);
    // Saved meanwhile, by the save before this one or by a whole-page load.
    if (savedLately()) return;
    for (let attempt = 0; startedAt === generation; attempt++) {
      const response = await fetch(url, {
        credentials: "same-origin",
        headers: { Accept: "text/html", [BACKGROUND_SAVE_HEADER]: "1" },
      }).catch(() => null);
      if (response?.status !== 503 || attempt === RETRY_DELAYS_MS.length) {
        if (response) await keepIfMarked(url, response, startedAt);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  };
  // A save that failed (storage full, say) does not stop the ones after it.
  return oneSaveAtATime(save).catch(() => undefined);
}

async function answerNavigation(request: Request, event: ExtendableEvent): Promise<Response> {
  const url = new URL(request.url);
  const startedAt = generation;
  try {
    const response = await fetch(request);
    if (request.method === "GET") event.waitUntil(keepIfMarked(url, response.clone(), startedAt));
    return response;
  } catch {
    if (request.method === "GET" && !isNeverKeptOffline(url.pathname)) {
      const saved = await savedCopyOf(url);
      if (saved) return saved;
    }
    return offlinePage(url);
  }
}

/**
 * Bumped whenever the saved pages are dropped or change owner. A page whose request started
 * before that was asked for by the previous viewer (a background save racing a log-out, say):
 * it must not bring their pages back.
 */
let generation = 0;
/** Runs the tasks given to it one after another, each whether or not the one before failed. */
function inTurn(): (task: () => Promise<void>) => Promise<void> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  };
}
/** Saves and drops run one at a time: each reads the owner, then acts on what it read. */
const oneAtATime = inTurn();

/**
 * Saves a page the server marked keepable (`startedAt`: the generation when it was asked for),
 * first dropping every page saved for someone else.
 */
function keepIfMarked(url: URL, response: Response, startedAt: number): Promise<void> {
  return oneAtATime(async () => {
    const scope = response.headers.get(OFFLINE_COPY_HEADER);
    if (!scope || response.status !== 200 || response.redirected || isNeverKeptOffline(url.pathname) || !isBrowsePage(url.pathname)) return;
    if (!response.headers.get("Content-Type")?.startsWith("text/html")) return;
    if ((await readMeta(SCOPE_KEY)) !== scope) {
      if (startedAt !== generation) return;
      generation++;
      lastSaved.clear();
      await caches.delete(PAGES_CACHE);
      await writeMeta(SCOPE_KEY, scope);
    }
    const pages = await caches.open(PAGES_CACHE);
    await pages.put(url.href, response);
    lastSaved.set(url.href, Date.now());
    const keys = await pages.keys();
    // Oldest first: keys come back in the order they were first put.
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_SAVED_PAGES))) {
      lastSaved.delete(old.url);
      await pages.delete(old);
    }
  });
}

async function savedCopyOf(url: URL): Promise<Response | null> {
  const saved = await caches.match(url.href, { cacheName: PAGES_CACHE, ignoreVary: true });
  if (!saved) return null;
  const headers = new Headers(saved.headers);
  for (const name of ["Content-Encoding", "Content-Length", "Transfer-Encoding", "ETag", "Last-Modified", "Vary"]) headers.delete(name);
  headers.set("Cache-Control", "no-store");
  // The page keeps its own Content-Security-Policy, whose nonce its scripts carry.
  return new Response(withSavedCopyBanner(await saved.text()), { status: 200, headers });
}

async function offlinePage(url: URL): Promise<Response> {
  const html = offlinePageHtml({ url, lang: await readMeta(LANG_KEY), stylesheet });
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // No script at all; only our own stylesheet, its Devanagari font (taken from the worker's
      // cache when a Hindi page fetched it before), icon, and the retry form to this site.
      "Content-Security-Policy":
        "default-src 'none'; style-src 'self'; font-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}

/** Whoever comes next on this phone sees nothing of the person before (decisions 016 and 027). */
async function forgetViewer(): Promise<void> {
  await Promise.all([dropSavedPages(), forgetPushSubscription()]);
}

function dropSavedPages(): Promise<void> {
  generation++;
  lastSaved.clear();
  return oneAtATime(async () => {
    await caches.delete(PAGES_CACHE);
    const meta = await caches.open(META_CACHE);
    await meta.delete(SCOPE_KEY);
  });
}

async function readMeta(key: string): Promise<string | null> {
  const response = await (await caches.open(META_CACHE)).match(key);
  return response ? response.text() : null;
}

async function writeMeta(key: string, value: string): Promise<void> {
  await (await caches.open(META_CACHE)).put(key, new Response(value));
}

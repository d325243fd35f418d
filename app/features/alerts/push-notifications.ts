/**
 * Notifications on this phone (decision 027): the browser side of Web Push, loaded only by My
 * alerts, after hydration (never by the home page's code). Permission is asked only when the
 * person taps "Turn on notifications"; the subscription goes to /my/alerts/push, which stores it
 * for whoever is signed in. The service worker (app/service-worker/sw.ts) shows what comes.
 */

export type PushState = "unsupported" | "denied" | "on" | "off";

/** The outcome of a tap: the new state, or a message from the server to show. */
export type PushChange = { state: PushState } | { state: PushState; problem: string; login?: string };

const ACTION = "/my/alerts/push";

function supported(): boolean {
  // `npm run dev` builds no service worker (decision 016), so there is nothing to receive pushes.
  return !import.meta.env.DEV && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // Offline support registers the worker after load; registering the same script again is harmless.
  if (!(await navigator.serviceWorker.getRegistration("/"))) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const existing = await (await registration()).pushManager.getSubscription();
  if (!existing || Notification.permission !== "granted") return "off";
  // The server forgets a phone whose session ended without a sign-out (expired, ended by a password
  // change or a ban): ask it, so the switch says what is true. Turning on again then records the
  // session signed in now. Unsure (offline, a server error): as the browser says.
  const answer = await send({ intent: "status", endpoint: existing.endpoint }).catch(() => null);
  if (answer?.ok && answer.subscribed === false) {
    // Nobody is sent to through it any more: drop it, so turning on makes a fresh one.
    await existing.unsubscribe().catch(() => undefined);
    return "off";
  }
  return "on";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function base64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return "";
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function send(
  fields: Record<string, string>,
): Promise<{ ok: true; subscribed?: boolean } | { ok: false; problem: string; login?: string }> {
  const response = await fetch(ACTION, {
    method: "POST",
    body: new URLSearchParams(fields),
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { subscribed?: unknown } | null;
    return typeof body?.subscribed === "boolean" ? { ok: true, subscribed: body.subscribed } : { ok: true };
  }
  const body = (await response.json().catch(() => null)) as { errors?: Record<string, string>; login?: string } | null;
  return { ok: false, problem: Object.values(body?.errors ?? {})[0] ?? "", ...(body?.login ? { login: body.login } : {}) };
}

/** Asks permission (this is the tap), subscribes with our public key and tells the server. */
export async function turnOnPush(publicKey: string): Promise<PushChange> {
  if (!supported()) return { state: "unsupported" };
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return { state: permission === "denied" ? "denied" : "off" };
  const { pushManager } = await registration();
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await pushManager.subscribe(options);
  } catch (error) {
    // Subscribed before with another key (the operator changed the pair): start afresh.
    const old = await pushManager.getSubscription();
    if (!old) throw error;
    await old.unsubscribe();
    subscription = await pushManager.subscribe(options);
  }
  const sent = await send({
    intent: "subscribe",
    endpoint: subscription.endpoint,
    p256dh: base64url(subscription.getKey("p256dh")),
    auth: base64url(subscription.getKey("auth")),
  });
  if (sent.ok) return { state: "on" };
  // The server did not keep it: do not leave a subscription nobody sends to.
  await subscription.unsubscribe().catch(() => undefined);
  return { state: "off", problem: sent.problem, ...(sent.login ? { login: sent.login } : {}) };
}

export async function turnOffPush(): Promise<PushChange> {
  if (!supported()) return { state: "unsupported" };
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return { state: "off" };
  const sent = await send({ intent: "unsubscribe", endpoint: subscription.endpoint });
  // Turned off on this phone either way (a 404: the server had already forgotten it).
  await subscription.unsubscribe();
  return !sent.ok && sent.login ? { state: "off", problem: sent.problem, login: sent.login } : { state: "off" };
}

/// <reference lib="webworker" />
/**
 * Web Push in the service worker (decision 027): a message about a match becomes a notification,
 * and tapping it opens the listing (focusing a Mandi tab when one is open). The payload comes
 * encrypted from our server only (the browser checks our VAPID key), but it is still read
 * defensively: three short strings, and a URL that must stay on this site.
 */
import type { PushPayload } from "../../core/alerts/push-subscription";

declare const self: ServiceWorkerGlobalScope;

const ICON = "/icon-192.png";

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data || typeof data.title !== "string" || typeof data.body !== "string" || typeof data.url !== "string") return null;
    return { title: data.title.slice(0, 200), body: data.body.slice(0, 500), url: data.url };
  } catch {
    return null;
  }
}

/** The address to open: only a page of this site, whatever the payload says. */
export function sameOriginUrl(url: unknown, origin: string): string {
  try {
    const parsed = new URL(typeof url === "string" ? url : "/my/alerts", origin);
    return parsed.origin === origin ? parsed.href : new URL("/my/alerts", origin).href;
  } catch {
    return new URL("/my/alerts", origin).href;
  }
}

export function handlePush(): void {
  self.addEventListener("push", (event: PushEvent) => {
    const payload = readPayload(event);
    if (!payload) return;
    const url = sameOriginUrl(payload.url, self.location.origin);
    // The tag is the listing's page: a message sent again (a retried job) replaces, never stacks.
    event.waitUntil(self.registration.showNotification(payload.title, { body: payload.body, icon: ICON, tag: url, data: { url } }));
  });

  self.addEventListener("notificationclick", (event: NotificationEvent) => {
    event.notification.close();
    const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
        // The listing already open in a tab: show that one. Otherwise a new one, so no tab the
        // person was using (a half-filled sell form) is taken from them.
        const open = windows.find((client) => client.url === url);
        if (open) await open.focus();
        else await self.clients.openWindow(url);
      })(),
    );
  });
}

/**
 * Someone signs in, up or out on this phone: its push subscription was made for whoever turned
 * notifications on, and the next person must not see their alerts. The push service then answers
 * 410 to our next message, and the server forgets the subscription; whoever wants notifications
 * on this phone turns them on again (My alerts says they are off).
 */
export async function forgetPushSubscription(): Promise<void> {
  try {
    await (await self.registration.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // No push here, or already gone.
  }
}

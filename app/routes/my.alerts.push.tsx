/**
 * Notifications on this phone (decision 027): the browser-only module of My alerts
 * (app/features/alerts/push-notifications.ts) posts a Web Push subscription here to turn them on, or its
 * endpoint to turn them off, or asks whether its subscription is still one the server sends to
 * (`status`: the switch shows the truth after a session ended). A resource route: it answers
 * JSON, never a page.
 */
import { data } from "react-router";
import { requestLanguage } from "../../core/i18n/languages";
import { MESSAGES } from "../../core/i18n/messages";
import { pushActionSchema } from "../../core/alerts/push-subscription";
import { loginPath } from "../../core/shared/redirects";
import { formErrorResponse, refuseForm } from "../../server/route-helpers/app-errors";
import { parseForm, postOnly } from "../../server/route-helpers/forms";
import type { Route } from "./+types/my.alerts.push";

export async function loader({ request }: Route.LoaderArgs) {
  postOnly(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  postOnly(request);
  const user = await context.currentUser();
  // Asked to log in: the page sends the person to `login`, and back to My alerts after.
  if (!user) return refuseForm(401, { form: MESSAGES.mustLogin }, {}, { login: loginPath("/my/alerts") });
  const form = await parseForm(request, pushActionSchema, () => ({}));
  if (!form.ok) return form.response;
  try {
    const action = form.data;
    if (action.intent === "subscribe") {
      await context.services.push.subscribe({
        actor: user,
        sessionId: user.sessionId,
        subscription: { endpoint: action.endpoint, p256dh: action.p256dh, auth: action.auth },
        lang: requestLanguage(request),
      });
    } else if (action.intent === "status") {
      const { subscribed } = await context.services.push.status({ actor: user, sessionId: user.sessionId, endpoint: action.endpoint });
      return data({ ok: true as const, subscribed });
    } else {
      await context.services.push.unsubscribe({ actor: user, endpoint: action.endpoint });
    }
  } catch (error) {
    return formErrorResponse(error, {});
  }
  return data({ ok: true as const, subscribed: form.data.intent === "subscribe" });
}

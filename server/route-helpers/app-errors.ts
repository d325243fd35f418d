/**
 * The one mapping from a service's AppError to what the person sees: beside the form field
 * (actions) or on the error page (loaders), always with the code's HTTP status. Anything that is
 * not an AppError is rethrown for the error page and the log.
 */
import { data } from "react-router";
import { isAppError } from "../../core/shared/app-error";
import { translateServerMessage, translateServerMessages } from "../../core/i18n/server-messages";
import { currentLanguage } from "../http/request-language";
import { classifyUnavailable } from "../unavailable";
// Retry-After is added to every 503 on its way out (turnRouteFailuresInto503).
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_SAVE_MESSAGE } from "../http/unavailable";

/**
 * Every refused form is answered in this one shape: a message per field (`form` for the form as a
 * whole) and the values to show again, so each page reads `actionData` the same way.
 */
export function refuseForm<V, E extends object = object>(status: number, errors: Record<string, string>, values: V, extra?: E) {
  // In the page's language (decision 015): English stays exactly as the schema or service wrote it.
  return data({ errors: translateServerMessages(errors, currentLanguage()), values, ...(extra as E) }, { status });
}

/** For actions: the form comes back with the message beside its field and the values kept. */
export function formErrorResponse<V>(error: unknown, values: V) {
  // Nothing was saved because the database or photo store is down: say so beside the form, which
  // keeps what was typed (the database layer has logged why).
  if (classifyUnavailable(error)) return refuseForm(503, { form: UNAVAILABLE_SAVE_MESSAGE }, values);
  if (!isAppError(error)) throw error;
  return refuseForm(error.status, { [error.field ?? "form"]: error.message }, values);
}

/** For loaders: an AppError becomes the error page with its message (e.g. the friendly 404). */
export async function orErrorPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error)) throw data(inPageLanguage(error.message), { status: error.status });
    if (classifyUnavailable(error)) throw data(inPageLanguage(UNAVAILABLE_MESSAGE), { status: 503 });
    throw error;
  }
}

/** A message for the error page or beside a form, in the language of the request being answered. */
export function inPageLanguage(message: string): string {
  return translateServerMessage(message, currentLanguage());
}

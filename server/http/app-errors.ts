/**
 * The one mapping from a service's AppError to what the person sees: beside the form field
 * (actions) or on the error page (loaders), always with the code's HTTP status. Anything that is
 * not an AppError is rethrown for the error page and the log.
 */
import { data } from "react-router";
import { isAppError } from "../../core/app-error";
import { classifyUnavailable } from "../unavailable";
// Retry-After is added to every 503 on its way out (turnRouteFailuresInto503).
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_SAVE_MESSAGE } from "./unavailable";

/** For actions: the form comes back with the message beside its field and the values kept. */
export function formErrorResponse<V>(error: unknown, values: V) {
  // Nothing was saved because the database or photo store is down: say so beside the form, which
  // keeps what was typed (the database layer has logged why).
  if (classifyUnavailable(error)) {
    return data({ errors: { form: UNAVAILABLE_SAVE_MESSAGE } as Record<string, string>, values }, { status: 503 });
  }
  if (!isAppError(error)) throw error;
  return data({ errors: { [error.field ?? "form"]: error.message } as Record<string, string>, values }, { status: error.status });
}

/** For loaders: an AppError becomes the error page with its message (e.g. the friendly 404). */
export async function orErrorPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    if (classifyUnavailable(error)) throw data(UNAVAILABLE_MESSAGE, { status: 503 });
    throw error;
  }
}

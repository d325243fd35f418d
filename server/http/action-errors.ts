import { data } from "react-router";
import { isAppError } from "../../core/app-error";

/**
 * Turns an expected service error into the form's answer (the message beside its field, with
 * the right 4xx status); anything else is rethrown for the error page and the log.
 */
export function formErrorResponse<V>(error: unknown, values: V) {
  if (!isAppError(error)) throw error;
  return data({ errors: { [error.field ?? "form"]: error.message } as Record<string, string>, values }, { status: error.status });
}

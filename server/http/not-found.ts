import { data } from "react-router";
import { isAppError } from "../../core/app-error";

/** A service's NOT_FOUND becomes the friendly 404 page; anything else propagates. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
    throw error;
  }
}

/**
 * A seller's phone number on the pages that show one (a listing, a seller), and their "Show
 * number" press (decision 046). Only route modules import this (lint-enforced).
 */
import { data, type AppLoadContext } from "react-router";
import { showNumberFormSchema } from "../../core/listings/listing-forms";
import { orErrorPage } from "./app-errors";
import { parseForm, postOnly } from "./forms";

/** The number this page may carry: null past the client address's hourly threshold, when it offers "Show number". */
export const phoneForPage = (context: Pick<AppLoadContext, "phoneShown">, phone: string): string | null =>
  context.phoneShown === false ? null : phone;

export interface ShowNumberAnswer {
  /** The number asked for; null when the seller has none to show. */
  revealedPhone: string | null;
  /** Set when the press was refused: minutes until the address's hour ends (a 429). */
  refusedForMinutes?: number;
}

/**
 * The "Show number" press: a form POST (the same-site check has refused another site's), counted
 * against the address under its own, higher hourly ceiling; `load` finds the number once allowed.
 */
export async function showNumberAction(request: Request, context: AppLoadContext, load: () => Promise<string | null>) {
  postOnly(request);
  const form = await parseForm(request, showNumberFormSchema, (text) => ({ intent: text("intent") }));
  if (!form.ok) return form.response;
  const press = await orErrorPage(() => context.services.phoneReveals.countPress(context.clientAddress));
  if (!press.allowed) {
    const answer: ShowNumberAnswer = { revealedPhone: null, refusedForMinutes: Math.ceil(press.retryAfterSeconds / 60) };
    return data(answer, { status: 429, headers: { "Retry-After": String(press.retryAfterSeconds) } });
  }
  const answer: ShowNumberAnswer = { revealedPhone: await orErrorPage(load) };
  return data(answer);
}

/** The page's headers: its loader's, and a refused press's Retry-After (React Router sends an action's headers only through this). */
export const showNumberHeaders = ({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) =>
  new Headers([...loaderHeaders, ...actionHeaders]);

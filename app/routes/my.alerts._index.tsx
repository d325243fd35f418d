import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { formatShortDate, isoDate } from "../../core/shared/dates";
import { imageUrl } from "../../core/uploads/images";
import { requestLanguage } from "../../core/i18n/languages";
import { withPlaceLabels } from "../../core/locations";
import { loginPath } from "../../core/shared/redirects";
import { alertActionSchema, verifyEmailActionSchema, viewmorePathOf } from "../../core/alerts/saved-search";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { describeInLanguage } from "../../core/alerts/describe";
import { formatCount } from "../../core/search/counts";
import { formErrorResponse } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { Alert } from "../components/ui/alert";
import { EmailWaits } from "../features/accounts/email-waits";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import { priceText } from "../components/ui/price";
import type { PushChange, PushState } from "../features/alerts/push-notifications";
import type { Route } from "./+types/my.alerts._index";

/** My alerts (decision 022): saved searches, what they found, and each one's settings. Forms work without JavaScript. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("alerts.title") }) }];
};

const DONE = ["saved", "rename", "pause", "resume", "delete", "settings", "unsubscribed", "link", "settings-link"] as const;
const pageQuerySchema = z.object({
  done: z.preprocess((v) => ((DONE as readonly unknown[]).includes(v) ? v : undefined), z.enum(DONE).optional()),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath(url.pathname));
  const { done } = pageQuerySchema.parse(searchParamsToObject(url.searchParams));
  const lang = requestLanguage(request);
  const { alerts } = context.services;
  const mine = await alerts.listMine({ actor: user });
  // Looking changes nothing (no GET does, docs/security.md): the page posts `seen` once shown.
  const seenUntil = mine.matches.some((m) => m.fresh) ? Math.max(...mine.matches.map((m) => m.foundAt)) : null;
  const described = new Map(mine.searches.map((s) => [s.id, describeInLanguage(s.query, lang)]));
  return {
    done,
    seenUntil,
    mailEnabled: mine.mailEnabled,
    // Alert email waits for the address to be confirmed (decision 045): said here, with the button that sends the link.
    emailUnconfirmed: mine.mailEnabled && !user.emailVerified ? user.email : null,
    // What this phone subscribes with (decision 027); the page offers push only where the browser can.
    pushPublicKey: context.services.push.publicKey,
    searches: mine.searches.map((s) => ({ ...s, description: described.get(s.id)!, viewmore: viewmorePathOf(s.query) })),
    matches: mine.matches.map((m) => ({ ...m, listing: withPlaceLabels([m.listing], lang)[0]!, search: s(m.savedSearchId) })),
  };
  function s(id: string) {
    const found = mine.searches.find((x) => x.id === id);
    return found ? (found.name ?? described.get(id)!) : "";
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath("/my/alerts"));
  const form = await parseForm(request, z.union([verifyEmailActionSchema, alertActionSchema]), (text) => ({
    id: text("id"),
    name: text("name"),
  }));
  if (!form.ok) return form.response;
  const { alerts, accounts } = context.services;
  try {
    if (form.data.intent === "verify-email") {
      await accounts.sendVerificationLink(user, request.headers);
      return redirect("/my/alerts?done=link");
    }
    await alerts.act({ actor: user, action: form.data });
    // Email switched on for an address not (or no longer) confirmed: it only waits, and a link goes
    // to the address; mail starts once that is followed (decision 045).
    if (form.data.intent === "settings" && form.data.email && alerts.mailEnabled && !user.emailVerified) {
      await accounts.sendVerificationLink(user, request.headers);
      return redirect("/my/alerts?done=settings-link");
    }
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
  if (form.data.intent === "seen") return form.data.stay ? data({ errors: {} as Record<string, string> }) : redirect("/my/alerts");
  return redirect(`/my/alerts?done=${form.data.intent}`);
}

/** What the page's own `seen` post changes is the header's count, not this page: its "New" marks stay for this visit. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "seen" ? false : defaultShouldRevalidate;
}

/**
 * Once the page is shown, what it showed as new is marked seen by a POST: by the page's script at
 * once, or without JavaScript by the button inside <noscript>.
 */
function MarkSeen({ until }: { until: number | null }) {
  const { t } = useI18n();
  const fetcher = useFetcher();
  const { submit } = fetcher;
  useEffect(() => {
    if (until !== null) void submit({ intent: "seen", until: String(until), stay: "1" }, { method: "post" });
  }, [until, submit]);
  if (until === null) return null;
  return (
    <noscript>
      <form method="post" className="mb-3">
        <input type="hidden" name="intent" value="seen" />
        <input type="hidden" name="until" value={until} />
        <button type="submit" className="btn-secondary">
          {t("alerts.markSeen")}
        </button>
      </form>
    </noscript>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type SearchItem = LoaderData["searches"][number];

function Hidden({ intent, id }: { intent: string; id: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/**
 * Notifications on this phone (decision 027): whether this browser can have them is known only in
 * the browser, so until the module (app/features/alerts/push-notifications.ts, loaded after hydration) says
 * so, nothing is offered: without JavaScript or Push, the page is as it was.
 */
function usePush(publicKey: string) {
  const [state, setState] = useState<PushState>("unsupported");
  const [change, setChange] = useState<PushChange | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void import("../features/alerts/push-notifications")
      .then(({ pushState }) => pushState())
      .then((found) => live && setState(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const act = (turnOn: boolean) => {
    setBusy(true);
    void import("../features/alerts/push-notifications")
      .then((m) => (turnOn ? m.turnOnPush(publicKey) : m.turnOffPush()))
      .catch((): PushChange => ({ state: "off", problem: "" }))
      .then((result) => {
        setChange(result);
        setState(result.state);
        setBusy(false);
      });
  };
  return { state, change, busy, act };
}

function PushSettings({ push }: { push: ReturnType<typeof usePush> }) {
  const { t } = useI18n();
  const { state, change, busy, act } = push;
  if (state === "unsupported") return null;
  const problem = change && "problem" in change ? change : null;
  return (
    <section aria-labelledby="push-heading" className="mb-4 rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      <h2 id="push-heading" className="font-semibold">
        {t("alerts.pushHeading")}
      </h2>
      <p className="text-sm text-stone-700">{t("alerts.pushOffer")}</p>
      <p role="status" className="mt-2">
        {state === "on" ? t("alerts.pushOn") : state === "denied" ? t("alerts.pushDenied") : t("alerts.pushOff")}
      </p>
      {problem ? (
        <div className="mt-2">
          <Alert>
            {problem.problem || t("alerts.pushFailed")}
            {problem.login ? (
              <>
                {" "}
                <Link to={problem.login} className="underline">
                  {t("shell.login")}
                </Link>
              </>
            ) : null}
          </Alert>
        </div>
      ) : null}
      {state === "denied" ? null : (
        <button
          type="button"
          className={state === "on" ? "btn-secondary mt-2" : "btn-primary mt-2"}
          disabled={busy}
          aria-busy={busy}
          onClick={() => act(state !== "on")}
        >
          {state === "on" ? t("alerts.pushTurnOff") : t("alerts.pushTurnOn")}
        </button>
      )}
    </section>
  );
}

function SavedSearch({ search, mailEnabled, pushOffered }: { search: SearchItem; mailEnabled: boolean; pushOffered: boolean }) {
  const { t } = useI18n();
  const title = search.name ?? search.description;
  const named = (what: string) => `${what}: ${title}`;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      <h2 className="font-semibold [overflow-wrap:anywhere]">{title}</h2>
      {search.name ? <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{search.description}</p> : null}
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <span>
          {search.matches === 1 && !search.moreMatches
            ? t("alerts.foundOne")
            : t("alerts.foundMany", { count: formatCount(search.matches, search.moreMatches) })}
        </span>
        {search.fresh ? (
          <span className="rounded bg-saffron-500 px-2 py-0.5 font-semibold text-stone-950">
            {t("alerts.newCount", { count: search.fresh })}
          </span>
        ) : null}
        {search.paused ? <span className="rounded bg-stone-200 px-2 py-0.5 font-semibold text-stone-800">{t("alerts.paused")}</span> : null}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={search.viewmore} className="btn-secondary" aria-label={named(t("alerts.see"))}>
          {t("alerts.see")}
        </Link>
        <Form method="post" action="/my/alerts">
          <Hidden intent={search.paused ? "resume" : "pause"} id={search.id} />
          <button type="submit" className="btn-secondary" aria-label={named(t(search.paused ? "alerts.resume" : "alerts.pause"))}>
            {t(search.paused ? "alerts.resume" : "alerts.pause")}
          </button>
        </Form>
        <Form method="post" action="/my/alerts">
          <Hidden intent="delete" id={search.id} />
          <button type="submit" className="btn-secondary" aria-label={named(t("alerts.delete"))}>
            {t("alerts.delete")}
          </button>
        </Form>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-brand-800">{named(t("alerts.settings"))}</summary>
        <Form method="post" action="/my/alerts" className="mt-2 flex flex-wrap items-end gap-2">
          <Hidden intent="rename" id={search.id} />
          <div>
            <label htmlFor={`name-${search.id}`} className="label">
              {t("alerts.nameLabel")}
            </label>
            <input id={`name-${search.id}`} name="name" defaultValue={search.name ?? ""} maxLength={60} className="input" />
          </div>
          <button type="submit" className="btn-secondary">
            {t("alerts.rename")}
          </button>
        </Form>
        <Form method="post" action="/my/alerts" className="mt-3 space-y-2">
          <Hidden intent="settings" id={search.id} />
          <fieldset>
            <legend className="label">{t("alerts.settings")}</legend>
            <label className="me-4 inline-flex items-center gap-2 py-1">
              <input type="radio" name="pace" value="instant" defaultChecked={search.pace === "instant"} /> {t("alerts.paceInstant")}
            </label>
            <label className="inline-flex items-center gap-2 py-1">
              <input type="radio" name="pace" value="daily" defaultChecked={search.pace === "daily"} /> {t("alerts.paceDaily")}
            </label>
          </fieldset>
          <div>
            <label htmlFor={`hour-${search.id}`} className="label">
              {t("alerts.hourLabel")}
            </label>
            <select id={`hour-${search.id}`} name="hour" defaultValue={search.digestHour} className="input w-auto">
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {`${String(hour).padStart(2, "0")}:00`}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap gap-4">
            <label className="inline-flex items-center gap-2 py-1">
              <input type="checkbox" name="app" value="on" defaultChecked={search.channels.includes("app")} /> {t("alerts.channelApp")}
            </label>
            {mailEnabled ? (
              <label className="inline-flex items-center gap-2 py-1">
                <input type="checkbox" name="email" value="on" defaultChecked={search.channels.includes("email")} />{" "}
                {t("alerts.channelEmail")}
              </label>
            ) : null}
            {pushOffered ? (
              <label className="inline-flex items-center gap-2 py-1">
                <input type="checkbox" name="push" value="on" defaultChecked={search.channels.includes("push")} /> {t("alerts.channelPush")}
              </label>
            ) : search.channels.includes("push") ? (
              // Not offered here (no JavaScript or no Push): saving the other settings keeps it as it was.
              <input type="hidden" name="push" value="on" />
            ) : null}
          </div>
          <button type="submit" className="btn-secondary">
            {t("alerts.saveSettings")}
          </button>
        </Form>
      </details>
    </li>
  );
}

export default function MyAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, matches, done, seenUntil, mailEnabled, pushPublicKey, emailUnconfirmed } = loaderData;
  const i18n = useI18n();
  const push = usePush(pushPublicKey);
  const { lang, t } = i18n;
  const actionError = actionData ? Object.values(actionData.errors)[0] : undefined;
  return (
    <div className="page max-w-3xl py-6">
      <h1 className="mb-4 text-2xl font-bold">{t("alerts.title")}</h1>
      {/* Notices and the phone's settings stacked with a gap, not touching. */}
      <div className="space-y-3">
        {actionError ? <Alert>{actionError}</Alert> : null}
        {done ? <Alert tone="success">{t(`alerts.done.${done}`)}</Alert> : null}
        {emailUnconfirmed ? <EmailWaits email={emailUnconfirmed} /> : null}
        <PushSettings push={push} />
      </div>
      {searches.length ? (
        <ul aria-label={t("alerts.title")} className="mt-3 space-y-3">
          {searches.map((search) => (
            <SavedSearch key={search.id} search={search} mailEnabled={mailEnabled} pushOffered={push.state !== "unsupported"} />
          ))}
        </ul>
      ) : (
        <div className="mt-3">
          <Alert tone="info">{t("alerts.none")}</Alert>
        </div>
      )}
      {matches.length ? (
        <section aria-labelledby="found-heading" className="mt-6">
          <h2 id="found-heading" className="mb-3 text-xl font-bold">
            {t("alerts.found")}
          </h2>
          <MarkSeen until={seenUntil} />
          <ul className="space-y-3">
            {matches.map((match) => (
              <li
                key={`${match.savedSearchId}:${match.listing.id}`}
                className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
              >
                <img
                  src={imageUrl(match.listing.imageKey, 320)}
                  alt=""
                  width={96}
                  height={72}
                  className="h-18 w-24 shrink-0 rounded object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    {match.fresh ? (
                      <span className="me-2 rounded bg-saffron-500 px-2 py-0.5 text-sm text-stone-950">{t("alerts.newMark")}</span>
                    ) : null}
                    <Link to={`/view/${match.listing.id}`} className="underline-offset-4 hover:underline">
                      {match.listing.name}
                    </Link>
                  </p>
                  <p className="text-brand-800">{priceText(match.listing, i18n)}</p>
                  <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
                    {match.listing.where ? `${match.listing.where} · ` : ""}
                    <time dateTime={isoDate(match.foundAt)}>{formatShortDate(match.foundAt, lang)}</time>
                  </p>
                  <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{t("alerts.foundFor", { search: match.search })}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

import { Form, Link, useLocation } from "react-router";
import { LANGUAGE_NAMES } from "../../../core/i18n/languages";
// A file of its own (not inlined into the script as Vite does small assets): ~1 KB, cached for good.
import hindiWordUrl from "./language-switch-hindi.svg?no-inline";
import { useI18n } from "../i18n/i18n";
import { CatalogueSearchForm } from "../search/catalogue-search-form";
import { ProductSearchBox } from "../search/product-search-box";
import { useSignedInUser, type SignedInUser } from "../accounts/use-signed-in-user";

export function SiteHeader() {
  const user = useSignedInUser();
  const { lang, t } = useI18n();
  const other = lang === "hi" ? "en" : "hi";
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onResults = location.pathname === "/viewmore";
  const q = onResults ? (params.get("q") ?? "") : "";
  const byName = params.get("by") === "name";

  return (
    <header className="border-b border-brand-800 bg-brand-700 text-white">
      <div className="page flex flex-col gap-2 py-2">
        <div className="flex min-h-12 items-center gap-2">
          <Link to="/" className="mr-auto shrink-0 rounded text-xl font-extrabold tracking-tight sm:text-2xl" aria-label={t("shell.home")}>
            Mandi<span className="text-saffron-500">.</span>
          </Link>
          <LanguageSwitch to={other} label={t("shell.switchToLabel")} back={location.pathname + location.search} />
          <nav aria-label={t("shell.account")} className="flex min-w-0 items-center gap-0.5 sm:gap-2">
            {user ? (
              <AccountMenu key={location.key} user={user} />
            ) : (
              <Link to="/login" className="rounded px-1.5 py-2 font-semibold underline-offset-4 hover:underline sm:px-2">
                {t("shell.login")}
              </Link>
            )}
            <Link to="/create" className="btn shrink-0 bg-saffron-500 px-3 text-stone-950 hover:bg-amber-400 sm:px-4">
              {t("shell.sell")}
            </Link>
          </nav>
        </div>
        <div className="grid gap-2 pb-1 md:grid-cols-2">
          <ProductSearchBox key={`name:${location.key}`} initialQuery={byName ? q : ""} />
          <CatalogueSearchForm key={`any:${location.key}`} initialQuery={byName ? "" : q} />
        </div>
      </div>
    </header>
  );
}

/**
 * A signed-in person's own things, one press on their name away (issue 42): a <details> list, so
 * it opens without JavaScript, by keyboard (Enter or Space on the name), and a screen reader hears
 * it as a collapsed or expanded button. It is drawn afresh, closed, on every page (its key is the
 * page's). No script of its own: the home page's first load has no room for one (decision 051).
 */
function AccountMenu({ user }: { user: SignedInUser }) {
  const { t } = useI18n();
  const item = "block px-4 py-3 font-semibold hover:bg-stone-100 hover:underline";
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-1.5 py-2 font-semibold sm:px-2 [&::-webkit-details-marker]:hidden">
        {user.shortName}
        {user.unseen ? (
          <span className="rounded-full bg-saffron-500 px-1.5 text-sm text-stone-950">
            {user.unseen}
            <span className="sr-only"> {t("shell.newAlerts")}</span>
          </span>
        ) : null}
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-40 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-lg border border-stone-200 bg-white py-1 text-stone-900 shadow-lg">
        <p className="px-4 py-2 text-sm text-stone-700 [overflow-wrap:anywhere]">{t("shell.signedInAs", { name: user.name })}</p>
        <ul>
          <li>
            <Link to="/my/listings" className={item}>
              {t("mine.title")}
            </Link>
          </li>
          <li>
            <Link to="/my/saved" className={item}>
              {t("saved.title")}
            </Link>
          </li>
          <li>
            <Link to="/my/alerts" className={item}>
              {user.alerts}
            </Link>
          </li>
          <li>
            <Link to="/my/account" className={item}>
              {t("account.title")}
            </Link>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className={`${item} w-full text-left`}>
                {t("shell.logout")}
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * The other language, one press away: a plain form (no JavaScript needed) whose answer sets the
 * `lang` cookie and comes back to this page. The button reads in the language it offers. On an
 * English page "हिन्दी" is drawn from outlines (an image), not text: as text it would make every
 * English page download the Devanagari font on a phone without one
 * (scripts/fonts/make-language-switch-glyphs.ts). The button's name is its aria-label.
 */
function LanguageSwitch({ to, label, back }: { to: "en" | "hi"; label: string; back: string }) {
  return (
    <form method="post" action="/language" className="shrink-0">
      <input type="hidden" name="lang" value={to} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        lang={to === "hi" ? "hi-IN" : "en-IN"}
        aria-label={label}
        className="rounded px-1.5 py-2 font-semibold underline underline-offset-4 sm:px-2"
      >
        {to === "hi" ? (
          // 2044 × 1304 font units at 1,000 to the em: the word's own width at the text's size.
          <img
            src={hindiWordUrl}
            alt=""
            width={2044}
            height={1304}
            className="inline-block h-[1.304em] w-auto border-b border-current align-middle"
          />
        ) : (
          LANGUAGE_NAMES[to]
        )}
      </button>
    </form>
  );
}

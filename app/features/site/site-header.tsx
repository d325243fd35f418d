import { Form, Link, useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../../core/i18n/languages";
import { useI18n } from "../i18n/i18n";
import { CatalogueSearchForm } from "../search/catalogue-search-form";
import { ProductSearchBox } from "../search/product-search-box";
import { useSignedInUser, type SignedInUser } from "../accounts/use-signed-in-user";

export function SiteHeader() {
  const user = useSignedInUser();
  const { lang, t } = useI18n();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onResults = location.pathname === "/viewmore";
  const q = onResults ? (params.get("q") ?? "") : "";
  const byName = params.get("by") === "name";

  return (
    <header className="border-b border-brand-800 bg-brand-700 text-white">
      <div className="page flex flex-col gap-2 py-2">
        <div className="flex min-h-12 items-center gap-1 sm:gap-2">
          <Link to="/" className="me-auto shrink-0 rounded text-xl font-extrabold tracking-tight sm:text-2xl" aria-label={t("shell.home")}>
            Mandi<span className="text-saffron-500">.</span>
          </Link>
          <LanguageSwitch lang={lang} label={t("shell.language")} back={location.pathname + location.search} />
          <nav aria-label={t("shell.account")} className="flex min-w-0 items-center gap-0.5 sm:gap-2">
            {user ? (
              <AccountMenu key={location.key} user={user} />
            ) : (
              <Link to="/login" className="rounded px-1.5 py-2 font-semibold underline-offset-4 hover:underline sm:px-2">
                {t("shell.login")}
              </Link>
            )}
            <Link to="/create" className="btn shrink-0 bg-saffron-500 px-2 text-stone-950 hover:bg-amber-400 sm:px-4">
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
      <div className="absolute end-0 z-40 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-lg border border-stone-200 bg-white py-1 text-stone-900 shadow-lg">
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
              <button type="submit" className={`${item} w-full text-start`}>
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
 * Every language Mandi speaks, one press away (issue 40): a <details> list, so it opens without
 * JavaScript and by keyboard, and stays one control at 360 px. Each choice is a button of one
 * plain form (no JavaScript needed) whose answer sets the `lang` cookie and comes back to this
 * page. Each name is written in its own language and script, marked with its `lang`, and drawn
 * in the phone's own fonts (app/app.css): a browser matches fonts for a closed list too, and the
 * page's Devanagari face would otherwise download on every English page.
 */
function LanguageSwitch({ lang, label, back }: { lang: Language; label: string; back: string }) {
  return (
    <details className="relative shrink-0">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded px-1.5 py-2 font-semibold sm:px-2 [&::-webkit-details-marker]:hidden"
        aria-label={`${label}: ${LANGUAGE_NAMES[lang]}`}
      >
        {LANGUAGE_NAMES[lang]}
        <span aria-hidden="true">▾</span>
      </summary>
      <form
        method="post"
        action="/language"
        className="absolute end-0 z-40 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-lg border border-stone-200 bg-white py-1 text-stone-900 shadow-lg"
      >
        <input type="hidden" name="redirectTo" value={back} />
        <ul>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <button
                type="submit"
                name="lang"
                value={code}
                lang={code}
                className="block px-4 py-3 font-semibold hover:bg-stone-100 hover:underline w-full text-start"
              >
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}

import { data, redirect } from "react-router";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from "../../core/i18n/languages";
import { languageFormSchema } from "../../core/i18n/language-form";
import { parseWith } from "../../core/shared/form-fields";
import { inPageLanguage } from "../../server/route-helpers/app-errors";
import { postOnly, readForm } from "../../server/route-helpers/forms";
import type { Route } from "./+types/language";

/** Nothing to see here: the switch is a form. */
export function loader() {
  return redirect("/");
}

/**
 * The header's language switch, a plain form (works before JavaScript): remembers the choice for
 * a year in the `lang` cookie and goes back to the same page, which must be on this site.
 */
export async function action({ request }: Route.ActionArgs) {
  postOnly(request);
  const parsed = parseWith(languageFormSchema, await readForm(request).catch(() => ({})));
  if (!parsed.ok)
    throw data(inPageLanguage(parsed.errors.lang ?? parsed.errors.form ?? "Please send the form again from the page."), { status: 400 });
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return redirect(parsed.data.redirectTo, {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${parsed.data.lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure}`,
    },
  });
}

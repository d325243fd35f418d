/**
 * The header's language switch as a person uses it (issue 40): open the list (its summary is named
 * "Language: <this page's language>", in the page's words) and press a language's own name.
 */
import type { Page } from "@playwright/test";
import { LANGUAGE_NAMES, type Language } from "../../../core/i18n/languages";

export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  // The switch is the header's first <details>, before the account menu.
  await page.locator("header details").first().locator("summary").click();
  await page.getByRole("button", { name: LANGUAGE_NAMES[language], exact: true }).click();
}

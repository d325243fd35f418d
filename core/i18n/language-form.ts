/** The header's language switch as a form (POST /language). */
import { z } from "zod";
import { safeRedirectPath } from "../shared/redirects";
import { LANGUAGES } from "./languages";

/** The header's language switch: the language to use, and the page to go back to (on this site only). */
export const languageFormSchema = z.object({
  lang: z.enum(LANGUAGES, "Please choose a language from the list."),
  redirectTo: z.preprocess((value) => safeRedirectPath(value), z.string()),
});

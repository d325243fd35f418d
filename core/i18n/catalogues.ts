/** Both languages' catalogues. Only the server imports this: a page gets its own language's from the root loader. */
import type { Language } from "./languages";
import { en, type EnglishCatalogue } from "./en";
import { hi } from "./hi";

export const CATALOGUES: Record<Language, EnglishCatalogue> = { en, hi };

/**
 * A fontconfig file that hides every installed font with Devanagari in its file name, so a
 * browser started with FONTCONFIG_FILE pointing at it is a phone without a Devanagari font of its
 * own: a Hindi page must then download Mandi's (app/fonts.css). Used by tests/e2e/fonts.spec.ts,
 * scripts/bench/lighthouse.ts (--no-system-devanagari) and scripts/screenshots/devanagari.ts.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

/** Writes the file (and keeps fontconfig's cache) in `folder`; returns the environment to start the browser with. */
export function withoutDevanagariFonts(folder: string): { FONTCONFIG_FILE: string } {
  const file = path.join(folder, "fonts.conf");
  writeFileSync(
    file,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>
<selectfont><rejectfont><glob>*Devanagari*</glob></rejectfont></selectfont><cachedir>${path.join(folder, "fontconfig-cache")}</cachedir></fontconfig>`,
  );
  return { FONTCONFIG_FILE: file };
}

/**
 * axe-core's WCAG 2 A and AA scan of the page as it is now: each violation as "rule (impact):
 * where". axe is injected as a script tag, so the page must be opened with `bypassCSP` (the app's
 * strict CSP rightly refuses it).
 */
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

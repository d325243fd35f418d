/**
 * A stand-in for the browser's speech recognizer (issue 26), which is outside our control: it says
 * what a test tells it to (interim, then final results, as a SpeechRecognitionEvent carries them),
 * fails the way a real one does, or listens until stopped, and records the language each start()
 * asked for. Installed before any page script runs. Used by tests/e2e/voice-search.spec.ts and
 * scripts/screenshots/phone-first.ts.
 */
import type { Page } from "@playwright/test";

/** What the stand-in does when started: say these phrases (interim, then final), fail, or wait to be stopped. */
export type Plan = { say: string[] } | { error: string } | { silence: true } | { hold: true };

declare global {
  interface Window {
    /** Set by installRecognizer: what the next start() does, and the `lang` of every start(). */
    __speech: { plan: Plan; starts: string[] };
  }
}

/**
 * Replaces the browser's recognizer (or removes it: `plan` null). `prefixedOnly`: only
 * `webkitSpeechRecognition`, as Chrome and Samsung Internet have it.
 */
export async function installRecognizer(page: Page, plan: Plan | null, { prefixedOnly = false } = {}) {
  await page.addInitScript(
    ({ plan, prefixedOnly }) => {
      const w = window as unknown as Record<string, unknown>;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
      if (!plan) return;
      window.__speech = { plan, starts: [] };

      /** A SpeechRecognitionEvent-like result list: results[i][0].transcript, results[i].isFinal. */
      const resultEvent = (phrases: string[], isFinal: boolean) =>
        Object.assign(new Event("result"), {
          resultIndex: 0,
          results: phrases.map((transcript, i) =>
            Object.assign([{ transcript: (i ? " " : "") + transcript, confidence: 0.9 }], { isFinal }),
          ),
        });

      class FakeSpeechRecognition extends EventTarget {
        lang = "";
        interimResults = false;
        continuous = false;
        maxAlternatives = 1;
        onstart: ((event: Event) => void) | null = null;
        onresult: ((event: Event) => void) | null = null;
        onerror: ((event: Event) => void) | null = null;
        onend: ((event: Event) => void) | null = null;
        #ended = false;
        #fire(name: "start" | "result" | "error" | "end", event: Event) {
          if (this.#ended) return;
          if (name === "end") this.#ended = true;
          this[`on${name}`]?.(event);
          this.dispatchEvent(event);
        }
        start() {
          const current = window.__speech.plan;
          window.__speech.starts.push(this.lang);
          const later = (ms: number, run: () => void) => setTimeout(run, ms);
          later(30, () => this.#fire("start", new Event("start")));
          if ("say" in current) {
            if (this.interimResults) later(60, () => this.#fire("result", resultEvent(current.say, false)));
            later(120, () => this.#fire("result", resultEvent(current.say, true)));
            later(150, () => this.#fire("end", new Event("end")));
          } else if ("error" in current) {
            later(60, () => this.#fire("error", Object.assign(new Event("error"), { error: current.error, message: "" })));
            later(90, () => this.#fire("end", new Event("end")));
          } else if ("silence" in current) {
            later(90, () => this.#fire("end", new Event("end")));
          }
          // { hold: true }: listens until stop() or abort().
        }
        stop() {
          setTimeout(() => this.#fire("end", new Event("end")), 10);
        }
        abort() {
          setTimeout(() => {
            this.#fire("error", Object.assign(new Event("error"), { error: "aborted", message: "" }));
            this.#fire("end", new Event("end"));
          }, 10);
        }
      }
      w.webkitSpeechRecognition = FakeSpeechRecognition;
      if (!prefixedOnly) w.SpeechRecognition = FakeSpeechRecognition;
    },
    { plan, prefixedOnly },
  );
}

/** Changes what the stand-in does on its next start. */
export async function nextPlan(page: Page, plan: Plan) {
  await page.evaluate((plan) => (window.__speech.plan = plan), plan);
}

/** The `lang` of every start() so far. */
export const recognizerStarts = (page: Page) => page.evaluate(() => window.__speech.starts);

/**
 * Speaking to the header's product search (issue 26): the browser's speech recognizer, started in
 * the page's language, hands what it hears to the search box as text, as if it had been typed.
 * Loaded with import() when the microphone button is tapped, so pages that never listen never
 * download it; whether to show the button is `useSpeechRecognitionAvailable` in product-search-box.tsx.
 */

/** Why listening ended without words; the search box words each in the page's language. */
export type SpeechProblem = "denied" | "noSpeech" | "network" | "unsupported" | "other";

export interface SpeechHandlers {
  /** What was heard so far (`final`: the recognizer will not change it any more). */
  onText: (text: string, final: boolean) => void;
  /** Listening is over: with the problem, unless words came or the person stopped it. */
  onEnd: (problem?: SpeechProblem) => void;
}

/** The part of the Web Speech API we use; TypeScript's DOM types do not describe it. */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionClass = new () => Recognition;

/** The error codes of the Web Speech API, as the messages people see. */
export function speechProblem(code: string): SpeechProblem {
  if (code === "not-allowed" || code === "service-not-allowed" || code === "audio-capture") return "denied";
  if (code === "no-speech") return "noSpeech";
  if (code === "network") return "network";
  // The recognizer has no model for the page's language (Odia and Punjabi on many phones; issue 40).
  if (code === "language-not-supported") return "unsupported";
  return "other";
}

/**
 * Starts listening in `lang` (a BCP 47 tag: hi-IN, en-IN) and returns how to stop. One phrase:
 * the recognizer ends by itself after a pause, and `onEnd` is called exactly once.
 */
export function listen(lang: string, handlers: SpeechHandlers): { stop: () => void } {
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  const Recognizer = w.SpeechRecognition ?? w.webkitSpeechRecognition;
  let heard = false;
  let stopped = false;
  let problem: SpeechProblem | undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    // A recognizer that ends without words or an error heard nothing (Chrome does this after a
    // short silence when the microphone picks up only noise).
    handlers.onEnd(problem ?? (heard || stopped ? undefined : "noSpeech"));
  };
  if (!Recognizer) {
    problem = "other";
    queueMicrotask(end);
    return { stop: () => {} };
  }

  const recognition = new Recognizer();
  recognition.lang = lang;
  // Words appear in the box while the person speaks, and suggestions follow them.
  recognition.interimResults = true;
  recognition.continuous = false;
  recognition.maxAlternatives = 1;
  recognition.onresult = (event) => {
    let text = "";
    let final = true;
    for (let i = 0; i < event.results.length; i++) {
      const result = event.results[i]!;
      text += result[0]?.transcript ?? "";
      final &&= result.isFinal;
    }
    text = text.trim();
    if (!text) return;
    heard = true;
    handlers.onText(text, final);
  };
  recognition.onerror = (event) => {
    // "aborted" is our own stop; anything else is worth a word, unless words already came.
    if (event.error !== "aborted" && !heard) problem = speechProblem(event.error);
  };
  recognition.onend = end;
  try {
    recognition.start();
  } catch {
    // start() throws when the recognizer is already busy (another tab, a double tap).
    problem = "other";
    queueMicrotask(end);
  }
  return {
    stop: () => {
      stopped = true;
      // stop() keeps what was heard so far (it still arrives as a final result).
      recognition.stop();
    },
  };
}

/**
 * The microphone of the header's product search (issue 26) as a state machine: idle (null),
 * listening, or showing why listening ended without words. The search box keeps this in state
 * and starts or stops the recognizer itself; this module only says what each event leads to.
 */
// Type only: the recognizer's code loads when the microphone is tapped.
import type { SpeechProblem } from "./speech-search";

export type VoiceState = "listening" | SpeechProblem | null;

export type VoiceEvent =
  /** The microphone tapped; `recognizing`: the recognizer is running (not still loading). */
  | { type: "tap"; recognizing: boolean }
  /** The recognizer stopped: with the problem, unless words came or the person stopped it. */
  | { type: "ended"; problem?: SpeechProblem }
  /** The recognizer's code could not be loaded (offline before it ever loaded, say). */
  | { type: "loadFailed" }
  /** Text arrived in the box (typed, or heard) or the microphone lost focus: a problem shown is over. */
  | { type: "typed" }
  | { type: "blurred" };

export function nextVoiceState(state: VoiceState, event: VoiceEvent): VoiceState {
  switch (event.type) {
    case "tap":
      // Tapped while listening: a running recognizer is stopped and its words still arrive, so
      // listening lasts until it ends; one still loading is forgotten at once.
      if (state === "listening") return event.recognizing ? state : null;
      return "listening";
    case "ended":
      return event.problem ?? null;
    case "loadFailed":
      return "other";
    case "typed":
    case "blurred":
      return state === "listening" ? state : null;
  }
}

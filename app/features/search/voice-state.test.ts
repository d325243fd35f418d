import { describe, expect, it } from "vitest";
import { nextVoiceState, type VoiceEvent, type VoiceState } from "./voice-state";

const run = (events: VoiceEvent[], from: VoiceState = null) => events.reduce(nextVoiceState, from);

describe("the search box's microphone", () => {
  it("listens from a tap, whatever it showed before", () => {
    for (const from of [null, "denied", "noSpeech", "network", "other"] as const)
      expect(nextVoiceState(from, { type: "tap", recognizing: false })).toBe("listening");
  });

  it("keeps listening through a second tap while the recognizer runs, until it ends", () => {
    expect(
      run([
        { type: "tap", recognizing: false },
        { type: "tap", recognizing: true },
      ]),
    ).toBe("listening");
    expect(run([{ type: "tap", recognizing: false }, { type: "tap", recognizing: true }, { type: "ended" }])).toBeNull();
  });

  it("stops at once when tapped again before the recognizer's code has loaded", () => {
    expect(
      run([
        { type: "tap", recognizing: false },
        { type: "tap", recognizing: false },
      ]),
    ).toBeNull();
  });

  it("shows why listening ended without words, and nothing when words came", () => {
    expect(
      run([
        { type: "tap", recognizing: false },
        { type: "ended", problem: "denied" },
      ]),
    ).toBe("denied");
    expect(
      run([
        { type: "tap", recognizing: false },
        { type: "ended", problem: "noSpeech" },
      ]),
    ).toBe("noSpeech");
    expect(run([{ type: "tap", recognizing: false }, { type: "ended" }])).toBeNull();
  });

  it("says something went wrong when the recognizer could not be loaded", () => {
    expect(run([{ type: "tap", recognizing: false }, { type: "loadFailed" }])).toBe("other");
  });

  it("clears a problem shown once the person types or moves on, but never stops listening for it", () => {
    for (const event of [{ type: "typed" }, { type: "blurred" }] as const) {
      expect(nextVoiceState("network", event)).toBeNull();
      expect(nextVoiceState(null, event)).toBeNull();
      // Heard words arrive as typed text while listening.
      expect(nextVoiceState("listening", event)).toBe("listening");
    }
  });
});

import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { formatCount } from "../../../core/search/counts";
import { HTML_LANG } from "../../../core/i18n/languages";
import { currentSuggestions, suggestionHref, wantsSuggestions, type Suggestion } from "../../../core/search/suggestions";
import { MicrophoneIcon } from "../../components/ui/icons";
import { useI18n } from "../i18n/i18n";
import { HighlightedName } from "./highlighted-name";
import { SearchInput } from "./search-input";
import { nextVoiceState, type VoiceEvent, type VoiceState } from "./voice-state";

/** Typing pauses this long before the box asks for suggestions, so a fast typist sends one request. */
const DEBOUNCE_MS = 150;

const noSubscription = () => () => {};
/**
 * Whether the browser can turn speech into text. False on the server and while hydrating (the
 * server snapshot), so the microphone appears only once the page can use it, and only where it works:
 * a recognizer that can be made, not merely a property by its name (some browsers hold `undefined` there).
 */
function useSpeechRecognitionAvailable(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => {
      const w = window as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
      return typeof (w.SpeechRecognition ?? w.webkitSpeechRecognition) == "function";
    },
    () => false,
  );
}

/**
 * The header's product-name box: an ARIA combobox that suggests up to 15 names as you type, from
 * the second character. Choosing one opens its listing (or lists them all when several share the
 * name); Enter without a choice lists every match on /viewmore.
 *
 * Where the browser recognizes speech, a microphone fills the box with what is said, in the page's
 * language, and the words ask for suggestions exactly as typed ones do. It does not submit: the
 * person sees what was heard and the suggestions, and chooses (a misheard name costs a tap, not a
 * page of wrong results).
 */
export function ProductSearchBox({ initialQuery = "" }: { initialQuery?: string }) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const fetcher = useFetcher<{ q: string; suggestions: Suggestion[] }>();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { lang, t } = useI18n();
  const speech = useSpeechRecognitionAvailable();
  const [voice, setVoice] = useState<VoiceState>(null);
  const voiceEvent = (event: VoiceEvent) => setVoice((state) => nextVoiceState(state, event));
  const listening = voice === "listening";
  const recognition = useRef<{ stop: () => void }>(undefined);
  /** Counts taps on the microphone, so a tap while the recognizer's code loads cancels it. */
  const voiceTaps = useRef(0);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      recognition.current?.stop();
    },
    [],
  );

  const trimmed = query.trim();
  // Only the answer to what is in the box now counts; an older, slower answer is ignored (and
  // the fetcher drops a request still in flight when a newer one starts).
  const suggestions = currentSuggestions(fetcher.data, query);
  const showList = open && suggestions !== null;

  /** `focused`: false for text typed before the scripts ran in a box the person has since left. */
  function update(value: string, focused = true) {
    setQuery(value);
    voiceEvent({ type: "typed" });
    setActive(-1);
    clearTimeout(timer.current);
    const text = value.trim();
    setOpen(focused && wantsSuggestions(text));
    if (wantsSuggestions(text))
      timer.current = setTimeout(() => fetcher.load(`/api/suggestions?q=${encodeURIComponent(text)}`), DEBOUNCE_MS);
  }

  function toggleVoice() {
    const tap = ++voiceTaps.current;
    // From the state this render shows, as the button's `listening` is.
    setVoice(nextVoiceState(voice, { type: "tap", recognizing: recognition.current !== undefined }));
    if (listening) {
      // What was heard so far still arrives; onEnd then clears the state.
      recognition.current?.stop();
      return;
    }
    // What the last words suggested makes way for what is said next.
    setOpen(false);
    import("./speech-search")
      .then(({ listen }) => {
        if (tap !== voiceTaps.current) return;
        recognition.current = listen(HTML_LANG[lang], {
          onText: update,
          onEnd: (problem) => {
            recognition.current = undefined;
            voiceEvent({ type: "ended", problem });
          },
        });
      })
      // Offline before it ever loaded, say.
      .catch(() => tap === voiceTaps.current && voiceEvent({ type: "loadFailed" }));
  }

  function choose(suggestion: Suggestion) {
    setOpen(false);
    navigate(suggestionHref(suggestion));
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = suggestions?.length ?? 0;
    if (event.key === "ArrowDown" && count) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % count);
    } else if (event.key === "ArrowUp" && count) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? count - 1 : i - 1));
    } else if (event.key === "Enter" && showList && active >= 0 && suggestions?.[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <Form method="get" action="/viewmore" role="search" aria-label={t("search.byName")} className="relative w-full">
      <input type="hidden" name="by" value="name" />
      <label htmlFor={id} className="sr-only">
        {t("search.byName")}
      </label>
      <SearchInput
        id={id}
        value={query}
        onValueChange={update}
        clearLabel={t("search.clearName")}
        onKeyDown={onKeyDown}
        onFocus={() => wantsSuggestions(trimmed) && setOpen(true)}
        onBlur={() => setOpen(false)}
        placeholder={t("search.namePlaceholder")}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList && suggestions.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        action={
          speech ? (
            <button
              type="button"
              aria-label={t("search.voice.start")}
              aria-pressed={listening}
              onClick={toggleVoice}
              // The suggestions speech opened close when the person moves on, as they do for the input.
              onBlur={() => {
                setOpen(false);
                voiceEvent({ type: "blurred" });
              }}
              className="group flex w-11 items-center justify-center text-stone-600 hover:text-stone-900"
            >
              <span className="flex size-9 items-center justify-center rounded-full group-aria-pressed:bg-red-700 group-aria-pressed:text-white group-aria-pressed:ring-4 group-aria-pressed:ring-red-200">
                <MicrophoneIcon />
              </span>
            </button>
          ) : null
        }
      />
      <div className="absolute inset-x-0 top-full z-30 mt-1 flex flex-col gap-1">
        {listening ? (
          // Only while listening: the pages' own status lines stay the only ones otherwise. The
          // pressed button tells a screen reader the same as it changes.
          <p role="status" className={BUBBLE + " border-red-200 bg-white text-stone-900"}>
            {t("search.voice.listening")}
          </p>
        ) : null}
        {voice && !listening ? (
          <p role="alert" className={BUBBLE + " border-amber-300 bg-amber-50 text-amber-950"}>
            {t(`search.voice.${voice}`)}
          </p>
        ) : null}
        <ul
          id={listboxId}
          role="listbox"
          aria-label={t("search.suggested")}
          hidden={!showList || !suggestions?.length}
          className="max-h-80 overflow-auto rounded-lg border border-stone-200 bg-white py-1 text-stone-900 shadow-lg"
        >
          {suggestions?.map((s, index) => (
            // Keyboard choice happens on the combobox input (arrows + Enter, aria-activedescendant).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={s.name}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2.5 ${index === active ? "bg-brand-50" : "hover:bg-stone-100"}`}
            >
              <span className="truncate font-medium">
                <HighlightedName suggestion={s} />
              </span>
              <span className="shrink-0 text-sm text-stone-600">
                {t(`category.label.${s.category}`)}
                {s.listingCount > 1 ? t("search.listings", { count: formatCount(s.listingCount, s.moreListings) }) : ""}
              </span>
            </li>
          ))}
        </ul>
        {showList && suggestions?.length === 0 ? (
          <p role="alert" className={BUBBLE + " border-amber-300 bg-amber-50 text-amber-950"}>
            {t("spec.noItemsByName")}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

const BUBBLE = "rounded-lg border px-3 py-2 shadow-lg";

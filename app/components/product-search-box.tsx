import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { MAX_SEARCH_LENGTH } from "../../core/constants";
import { formatCount } from "../../core/counts";
import { MESSAGES } from "../../core/messages";
import { currentSuggestions, highlightParts, suggestionHref, wantsSuggestions, type Suggestion } from "../../core/suggestions";
import { CloseIcon, SearchIcon } from "./icons";
import { useI18n } from "./i18n";

/** Typing pauses this long before the box asks for suggestions, so a fast typist sends one request. */
const DEBOUNCE_MS = 150;

/**
 * The header's product-name box: an ARIA combobox that suggests up to 15 names as you type, from
 * the second character. Choosing one opens its listing (or lists them all when several share the
 * name); Enter without a choice lists every match on /viewmore.
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
  const { t } = useI18n();

  useEffect(() => () => clearTimeout(timer.current), []);

  const trimmed = query.trim();
  // Only the answer to what is in the box now counts; an older, slower answer is ignored (and
  // the fetcher drops a request still in flight when a newer one starts).
  const suggestions = currentSuggestions(fetcher.data, query);
  const showList = open && suggestions !== null;

  function update(value: string) {
    setQuery(value);
    setActive(-1);
    clearTimeout(timer.current);
    const text = value.trim();
    setOpen(wantsSuggestions(text));
    if (wantsSuggestions(text)) timer.current = setTimeout(() => fetcher.load(`/api/suggestions?q=${encodeURIComponent(text)}`), DEBOUNCE_MS);
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
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t("search.suggested")}
        hidden={!showList || !suggestions?.length}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-lg border border-stone-200 bg-white py-1 text-stone-900 shadow-lg"
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
        <div className="absolute inset-x-0 top-full z-30 mt-1">
          <p role="alert" lang="en-IN" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 shadow-lg">
            {MESSAGES.noItemsByName}
          </p>
        </div>
      ) : null}
    </Form>
  );
}

/** The name with the part that matched what was typed in <mark>, built from ranges, not HTML. */
function HighlightedName({ suggestion }: { suggestion: Suggestion }) {
  return highlightParts(suggestion.name, suggestion.highlight).map((part, index) =>
    part.marked ? (
      <mark key={index} className="rounded-sm bg-amber-200 px-0 text-inherit">
        {part.text}
      </mark>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

/** The second box: name or category, with a search icon that opens /viewmore. */
export function CatalogueSearchForm({ initialQuery = "" }: { initialQuery?: string }) {
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const { t } = useI18n();
  return (
    <Form method="get" action="/viewmore" role="search" aria-label={t("search.byAny")} className="flex w-full gap-2">
      <label htmlFor={id} className="sr-only">
        {t("search.byAny")}
      </label>
      <SearchInput
        id={id}
        value={query}
        onValueChange={setQuery}
        clearLabel={t("search.clearAny")}
        placeholder={t("search.anyPlaceholder")}
        className="flex-1"
      />
      <button type="submit" className="btn-primary px-3" aria-label={t("search.search")}>
        <SearchIcon />
      </button>
    </Form>
  );
}

/** A search field named "q" with a clear button that empties it and puts the cursor back. */
function SearchInput({
  value,
  onValueChange,
  clearLabel,
  className = "",
  ...input
}: {
  value: string;
  onValueChange: (value: string) => void;
  clearLabel: string;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "name" | "type" | "className">) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={`relative ${className}`}>
      <input
        ref={inputRef}
        name="q"
        type="search"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_SEARCH_LENGTH}
        className="input pr-11 [&::-webkit-search-cancel-button]:hidden"
        {...input}
      />
      {value ? (
        <button
          type="button"
          onClick={() => {
            onValueChange("");
            inputRef.current?.focus();
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-stone-600 hover:text-stone-900"
          aria-label={clearLabel}
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

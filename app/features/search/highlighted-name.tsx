import { highlightParts, type Suggestion } from "../../../core/search/suggestions";

/** The name with the part that matched what was typed in <mark>, built from ranges, not HTML. */
export function HighlightedName({ suggestion }: { suggestion: Suggestion }) {
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

import { useLayoutEffect, useRef } from "react";
import { MAX_SEARCH_LENGTH } from "../../../core/shared/constants";
import { CloseIcon } from "../../components/ui/icons";

/**
 * A search field named "q" with a clear button that empties it and puts the cursor back, and
 * optionally a second button (`action`) at its end. Both sit inside the field's right padding:
 * an empty field shows only the action, in the space the clear button takes once there is text,
 * so adding the action after hydration moves nothing.
 */
export function SearchInput({
  value,
  onValueChange,
  clearLabel,
  className = "",
  action,
  ...input
}: {
  value: string;
  /** What the box holds now; `focused` is given only for text typed before hydration. */
  onValueChange: (value: string, focused?: boolean) => void;
  clearLabel: string;
  className?: string;
  action?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "name" | "type" | "className">) {
  const inputRef = useRef<HTMLInputElement>(null);
  // On a slow phone the box is there long before the scripts, and people type into it. Hydrating
  // keeps what they typed in the page, but the state is still the server's, and the next render
  // (the microphone appearing, say) would write it back over their words. Take them as typed.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && input.value !== value) onValueChange(input.value, document.activeElement === input);
    // Once, as the page hydrates: later the box only changes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
        className={`input ${value && action ? "pe-22" : "pe-11"} [&::-webkit-search-cancel-button]:hidden`}
        {...input}
      />
      {value ? (
        <button
          type="button"
          onClick={() => {
            onValueChange("");
            inputRef.current?.focus();
          }}
          className={`absolute inset-y-0 ${action ? "end-11" : "end-0"} flex w-11 items-center justify-center text-stone-600 hover:text-stone-900`}
          aria-label={clearLabel}
        >
          <CloseIcon />
        </button>
      ) : null}
      {action ? <div className="absolute inset-y-0 end-0 flex">{action}</div> : null}
    </div>
  );
}

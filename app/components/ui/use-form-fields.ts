/**
 * The current text of some of a form's fields, followed as the person types or chooses: for notes
 * that depend on several fields (what produce the listing is, the MSP note). Starts from the
 * values the page rendered with, so the server and the first render agree.
 */
import { useEffect, useState, type RefObject } from "react";

export function useFormFields<K extends string>(form: RefObject<HTMLFormElement | null>, initial: Record<K, string>): Record<K, string> {
  const [fields, setFields] = useState(initial);
  const names = Object.keys(initial) as K[];
  const key = names.join(",");
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const read = () => {
      setFields((before) => {
        let changed = false;
        const next = { ...before };
        for (const name of names) {
          const field = element.elements.namedItem(name);
          const value = field && "value" in field ? String(field.value) : "";
          if (value !== before[name]) {
            next[name] = value;
            changed = true;
          }
        }
        return changed ? next : before;
      });
    };
    element.addEventListener("input", read);
    element.addEventListener("change", read);
    return () => {
      element.removeEventListener("input", read);
      element.removeEventListener("change", read);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the field names are fixed per caller
  }, [form, key]);
  return fields;
}

import { createContext, useContext, useId } from "react";

/**
 * Inside a form that lists its messages at the top (ErrorSummary), each field's id is its name,
 * so the summary can link to it; elsewhere ids are React's, so two forms on a page never clash.
 */
export const FieldIdsByName = createContext(false);

/** A field's id: its own, else its name where FieldIdsByName says so, else React's. */
export function useFieldId(name: string, own?: string): string {
  const generated = useId();
  const byName = useContext(FieldIdsByName);
  return own ?? (byName ? name : generated);
}

/** A labelled input with its error message tied to it for screen readers. */
export function TextField({
  label,
  name,
  error,
  hint,
  takeFocus,
  ...input
}: {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
  /**
   * Focus this field when it is drawn: only for the first field a refused form names, so the
   * person (and their screen reader) lands on the message. Works before JavaScript too.
   */
  takeFocus?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "autoFocus">) {
  const id = useFieldId(name, input.id);
  const describedBy = fieldDescribedBy(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- never on arrival: only back from a refused send, onto its message
        autoFocus={takeFocus}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The ids a field's hint and error go by, for aria-describedby. */
export function fieldDescribedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A field's hint and its error message, under it (TextField, SelectField). */
export function FieldNotes({ id, hint, error }: { id: string; hint: string | undefined; error: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

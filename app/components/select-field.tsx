import { useId } from "react";

/** A labelled select with its error message tied to it for screen readers (options are the children). */
export function SelectField({
  label,
  name,
  error,
  hint,
  children,
  ...select
}: {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
  children: React.ReactNode;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={select.id ?? id} className="label">
        {label}
      </label>
      <select id={select.id ?? id} name={name} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
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
    </div>
  );
}

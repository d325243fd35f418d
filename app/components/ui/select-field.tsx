import { useId } from "react";
import { FieldNotes, fieldDescribedBy } from "./text-field";

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
  const describedBy = fieldDescribedBy(id, hint, error);
  return (
    <div>
      <label htmlFor={select.id ?? id} className="label">
        {label}
      </label>
      <select
        id={select.id ?? id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

import { FieldNotes, fieldDescribedBy, useFieldId } from "./text-field";

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
  const id = useFieldId(name, select.id);
  const describedBy = fieldDescribedBy(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

import { useNavigation } from "react-router";
import { Spinner } from "./icons";

/** A submit button that shows a loader while its form is being sent. */
export function SubmitButton({
  children,
  pendingText,
  action,
  className = "btn-primary w-full",
}: {
  children: React.ReactNode;
  pendingText: string;
  /** The form's action path, so only this form's submission shows the loader. */
  action: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === action;
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending}>
      {pending ? (
        <>
          <Spinner /> {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  );
}

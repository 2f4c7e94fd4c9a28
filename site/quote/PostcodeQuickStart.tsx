import { useId } from "react";
import { useQuickStartSubmit } from "../components/useQuickStartSubmit";

/**
 * A postcode box that starts a quote: a plain GET form, so it works before any script has loaded, and the
 * quote page looks the postcode up straight away.
 */
export function PostcodeQuickStart({ flowPath, placeholder }: { flowPath: string; placeholder: string }) {
  const id = useId();
  const onSubmit = useQuickStartSubmit();
  return (
    <form className="quick-start" action={`/quote/${flowPath}/`} method="get" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        Postcode
      </label>
      <input id={id} name="postcode" className="form-control" placeholder={placeholder} autoComplete="postal-code" required />
      <button type="submit" className="button button--primary">
        Get a quote
      </button>
    </form>
  );
}

/**
 * A postcode box that starts a quote: a plain GET form, so it works before any script has loaded, and the
 * quote page looks the postcode up straight away.
 */
export function PostcodeQuickStart({ flowPath, placeholder }: { flowPath: string; placeholder: string }) {
  return (
    <form className="quick-start" action={`/quote/${flowPath}/`} method="get">
      <label htmlFor={`quick-start-${flowPath}`} className="visually-hidden">
        Postcode
      </label>
      <input
        id={`quick-start-${flowPath}`}
        name="postcode"
        className="form-control"
        placeholder={placeholder}
        autoComplete="postal-code"
        required
      />
      <button type="submit" className="button button--primary">
        Get a quote
      </button>
    </form>
  );
}

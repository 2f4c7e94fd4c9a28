import type { MouseEvent, Ref } from "react";
import { isFieldKey } from "../core/fieldLabels";
import { ERROR_SUMMARY_HEADING } from "../core/messages";
import type { FieldError } from "../core/types";
import { fieldId } from "./fieldIds";

/** The list of what to fix, each linking to its field; focused by the renderer after a failed Next. */
export function ErrorSummary({ errors, ref, autoFocus }: { errors: FieldError[]; ref?: Ref<HTMLDivElement>; autoFocus?: boolean }) {
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref} autoFocus={autoFocus}>
      <h2 id="error-summary-title" className="error-summary__title">
        {ERROR_SUMMARY_HEADING}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.step ?? ""}:${error.field}`}>
            {isFieldKey(error.field) ? (
              <a href={`#${fieldId(error.field)}`} onClick={focusField}>
                {error.message}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Moves focus to the linked field itself (a fragment link only scrolls) without changing the URL. */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center" });
  target.focus();
}

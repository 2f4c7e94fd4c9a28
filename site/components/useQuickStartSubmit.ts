import type { FormEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Submits a quick-start GET form inside the app instead of reloading the page, so campaign values held in
 * memory for this visit (no marketing consent) still reach the lead. Without JavaScript the form submits as usual.
 * `pathFor` picks the page from the answers when it is not the form's own action.
 */
export function useQuickStartSubmit(pathFor?: (query: URLSearchParams) => string): (event: FormEvent<HTMLFormElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") query.append(name, value.trim());
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name) query.append(submitter.name, submitter.value);
    void navigate(`${pathFor ? pathFor(query) : new URL(form.action).pathname}?${query}`);
  };
}

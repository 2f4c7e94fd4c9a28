/** Lets code outside React wait until the page's main content, or the footer, has next been drawn or hydrated. */
import { useEffect } from "react";

type Part = "page" | "footer";

const waiting: Record<Part, Array<() => void>> = { page: [], footer: [] };

/** Resolves the next time `part` is shown (call it before the render that shows it). */
export function nextShown(part: Part): Promise<void> {
  return new Promise((resolve) => waiting[part].push(resolve));
}

/** Placed last inside a Suspense boundary: its effect runs once everything before it in the boundary is drawn. */
export function Hydrated({ part }: { part: Part }) {
  useEffect(() => {
    for (const resolve of waiting[part].splice(0)) resolve();
  });
  return null;
}

/** Promises kept once the page's main content and the footer are hydrated, and the component that keeps them. */
import { useEffect } from "react";

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const page = signal();
const footer = signal();
export const pageHydrated = page.promise;
export const footerHydrated = footer.promise;

/** Placed last inside a Suspense boundary: its effect runs once everything before it in the boundary is drawn. */
export function Hydrated({ part }: { part: "page" | "footer" }) {
  useEffect(() => (part === "page" ? page : footer).resolve(), [part]);
  return null;
}

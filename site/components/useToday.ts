import { useSyncExternalStore } from "react";
import { ukDate } from "./ukDate";

/** The day the pages were built (set once by scripts/build.ts for both bundles), so HTML and hydration agree. */
const BUILD_DATE: string = import.meta.env.VITE_BUILD_DATE || ukDate(new Date());

const noSubscription = () => () => {};

/**
 * Today in UK time, YYYY-MM-DD: the build date in the pre-rendered HTML and while hydrating, then the visitor's
 * real date, so a page built before an offer ended stops showing it once the page has loaded.
 */
export function useToday(): string {
  return useSyncExternalStore(
    noSubscription,
    () => ukDate(new Date()),
    () => BUILD_DATE,
  );
}

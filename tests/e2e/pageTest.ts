/**
 * The browser tests' `test`: its page's goto, reload, goBack and goForward resolve once a built page's code has
 * started (the entry removes `data-entry` from <html>). A built page asks for its code after its first paint
 * (site/index.html), so the load event Playwright waits for comes before it, and a test acts sooner than any visitor.
 * A navigation told `waitUntil: "commit"` is left to act before the code, as the tests of a page without it do.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

/** Resolves once the page's code has started, or at once on a page that has none to start. */
export async function pageCodeStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.hasAttribute("data-entry"));
}

type Navigation = (first?: unknown, second?: unknown) => Promise<unknown>;

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
        const navigate = (page[name] as Navigation).bind(page);
        const waited: Navigation = async (first, second) => {
          const response = await navigate(first, second);
          const options = (name === "goto" ? second : first) as { waitUntil?: string } | undefined;
          if (options?.waitUntil !== "commit") await pageCodeStarted(page);
          return response;
        };
        Object.assign(page, { [name]: waited });
      }
    }
    await use(page);
  },
});

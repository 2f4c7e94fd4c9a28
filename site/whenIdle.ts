/**
 * Runs `work` in a task of its own once the browser has a quiet moment, and within `timeoutMs` at the latest: for
 * what a page does as it starts that no visitor is waiting on, so the first tap is never held behind it. Returns a
 * cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  // Browsers without idle callbacks: the next task, after what is running now.
  const id = setTimeout(work, 1);
  return () => clearTimeout(id);
}

import { lazy, type ComponentType } from "react";

/**
 * A lazy component for content the visitor reaches later (the footer). On the server it loads at once, so the
 * pre-rendered HTML is complete. In the browser the server's HTML stays as it is, its plain links working,
 * and the code is fetched only once the visitor scrolls, or points at, touches or tabs into the element
 * matching `selector`, or `load()` is called: none of it is part of a page's first load.
 */
export function lazyWhenNeeded<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>, selector: string) {
  let start: () => void = () => {};
  const needed = new Promise<void>((resolve) => (start = resolve));
  const Component = lazy(async () => {
    if (typeof window !== "undefined") {
      whenNeeded(selector, start);
      await needed;
    }
    return factory();
  });
  return { Component, load: () => start() };
}

function whenNeeded(selector: string, start: () => void): void {
  const element = document.querySelector(selector);
  if (!element) return start();
  for (const type of ["focusin", "pointerover", "pointerdown", "touchstart"])
    element.addEventListener(type, start, { once: true, passive: true });
  window.addEventListener("scroll", start, { once: true, passive: true });
}

/** The height from an element's place on the page, unscrolled, to the bottom of the window: the picture's room, so a whole flow is in view without scrolling. */
import { useLayoutEffect, useRef, useState, type RefObject } from "react";

/** Room kept below the picture, in pixels. */
const BELOW = 8;
/** The least height given, on a very short window. */
const LEAST = 240;

export function useScreenRest<T extends HTMLElement>(): { ref: RefObject<T | null>; height: number | undefined } {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  // Measured after every render (the header above grows with a notice or a status) and when the window is resized.
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const rest = Math.max(LEAST, Math.floor(window.innerHeight - top - BELOW));
      setHeight((old) => (old === rest ? old : rest));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  });
  return { ref, height };
}

/**
 * The live preview's box of flow findings, drawn over the page while the flows have an error (the flow-checks
 * plugin adds this script to pages it serves in development only, never to a build). Its words are the plugin's
 * (site/build/flowFindingsBox.ts); when the errors are fixed the page reloads, and the box goes with it.
 */
/** What the box says (the plugin words it). */
export interface FindingsBox {
  /** "business-water has 1 error", or "The quote flows have 3 errors" when they are in several flows. */
  heading: string;
  /** What the page shows meanwhile. */
  note: string;
  findings: Array<{ file: string; step?: string; message: string; rule: string; fix: string }>;
}

/** The custom HMR event that carries the box (null clears it). */
export const FINDINGS_EVENT = "flow-checks:findings";
/** The event a page sends once it is listening, to be sent the box at once. */
export const ASK_EVENT = "flow-checks:ask";

const BOX_ID = "flow-findings-box";

function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: string, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.setAttribute("style", style);
  node.append(...children);
  return node;
}

const code = (text: string) => element("code", "font-family:ui-monospace,monospace;background:#f3f4f6;padding:0 .2em", text);

/** One finding: where, what, and how to fix it. */
function findingItem(f: FindingsBox["findings"][number]): HTMLLIElement {
  const where = f.step ? [code(f.file), ", step ", code(f.step)] : [code(f.file)];
  return element(
    "li",
    "margin:0 0 .75rem",
    element("p", "margin:0", element("strong", "", "Error"), " in ", ...where, `: ${f.message} (${f.rule})`),
    element("p", "margin:.2rem 0 0 1.5rem", element("strong", "", "Fix:"), ` ${f.fix}`),
  );
}

function draw(box: FindingsBox | null): void {
  document.getElementById(BOX_ID)?.remove();
  if (!box) return;
  const headingId = `${BOX_ID}-heading`;
  const hide = element("button", "font:inherit;padding:.3rem .8rem;cursor:pointer", "Hide until the next save");
  hide.type = "button";
  const panel = element(
    "div",
    "max-width:56rem;margin:3rem auto;background:#fff;color:#1b1b1b;border-top:.4rem solid #b42318;border-radius:.3rem;padding:1.25rem 1.5rem;box-shadow:0 .5rem 2rem rgba(0,0,0,.4)",
    element("h2", "margin:0 0 .5rem;font-size:1.3rem", box.heading),
    element("p", "margin:0 0 1rem", box.note),
    element("ul", "margin:0 0 1rem;padding-left:1.25rem", ...box.findings.map(findingItem)),
    hide,
  );
  const overlay = element(
    "section",
    "position:fixed;inset:0;width:auto;height:auto;max-width:none;max-height:none;margin:0;border:0;padding:0;z-index:2147483647;overflow:auto;background:rgba(0,0,0,.55);font:16px/1.5 system-ui,sans-serif",
    panel,
  );
  overlay.id = BOX_ID;
  // In the top layer, over anything the page keeps fixed (the cookie banner).
  overlay.popover = "manual";
  overlay.setAttribute("role", "alert");
  overlay.setAttribute("aria-labelledby", headingId);
  panel.querySelector("h2")!.id = headingId;
  hide.addEventListener("click", () => overlay.remove());
  document.body.append(overlay);
  overlay.showPopover();
}

if (import.meta.hot) {
  import.meta.hot.on(FINDINGS_EVENT, (box: FindingsBox | null) => draw(box));
  // Sent once the socket is open: a page opened while there are errors shows them at once.
  import.meta.hot.send(ASK_EVENT);
}

/**
 * The frame every analysts' page shares, in the site's look (its brand green, ink and wash): a banner with the
 * site's name and the signed-in analyst, the page's main content, and nothing outside a landmark. Styles are
 * attributes and there are no scripts, as the Content Security Policy requires.
 */
import { escapeMarkup as esc, toolPageStart } from "../../engine/core/escapeMarkup";
import { ANALYSTS_NAV, ANALYSTS_SUBTITLE, ANALYSTS_TITLE, analystsLinks, SIGN_OUT_PATH } from "../../engine/studio/analystsHeader";

/** The site's colours (site/styles/base.css). */
export const COLOURS = { brand: "#0b6e4f", brandDark: "#084d38", ink: "#1b1f23", muted: "#505a63", line: "#c9d1d8", wash: "#f3f6f5", error: "#b3261e" } as const;

export const muted = `color:${COLOURS.muted}`;
export const warn = "background:#fff4d6;border-left:4px solid #b35900;padding:.5rem .75rem;margin:.5rem 0";
export const error = `background:#fde8e7;border-left:4px solid ${COLOURS.error};padding:.5rem .75rem;margin:.5rem 0`;

const button = `font:inherit;background:#fff;color:${COLOURS.brandDark};border:1px solid #fff;border-radius:6px;padding:.2rem .7rem;cursor:pointer`;

/** The sign-out button: a post, so a link or an image elsewhere cannot sign an analyst out. */
export function signOutForm(name: string): string {
  return `<form method="post" action="${SIGN_OUT_PATH}" style="margin:0"><p style="margin:0">Signed in as ${esc(name)} <button type="submit" style="${button}">Sign out</button></p></form>`;
}

/**
 * A whole analysts' page: `main` is its HTML; `signedIn` names the analyst (none in the live preview or on the
 * sign-in page); `nav` false leaves out the links to the other pages (the sign-in page, before they can be read).
 * The header is the flow studio's too (engine/studio/analystsHeader.ts): its links go to the site's studio when
 * an analyst is signed in, and to the live preview's otherwise.
 */
export function analystsPage({ title, main, signedIn, nav = true, width = "72rem" }: { title: string; main: string; signedIn?: string; nav?: boolean; width?: string }): string {
  return `${toolPageStart(title)}
</head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:${COLOURS.ink};background:${COLOURS.wash};line-height:1.5">
<header style="background:${COLOURS.brand};color:#fff">
<div style="max-width:${width};margin:0 auto;padding:.6rem 1.5rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between">
<p style="margin:0;font-weight:700">${ANALYSTS_TITLE} <span style="font-weight:400">· ${ANALYSTS_SUBTITLE}</span></p>
${nav ? `<nav aria-label="${ANALYSTS_NAV}" style="display:flex;gap:1rem;align-items:center;flex-wrap:wrap">${analystsLinks(signedIn !== undefined).map((link) => `<a href="${link.href}" style="color:#fff">${esc(link.label)}</a>`).join("")}${signedIn === undefined ? "" : signOutForm(signedIn)}</nav>` : ""}
</div>
</header>
<main style="max-width:${width};margin:0 auto;padding:1rem 1.5rem 3rem">
${main}
</main>
</body>
</html>
`;
}

/** A white panel on the page's wash. */
export const panel = `background:#fff;border:1px solid ${COLOURS.line};border-radius:10px;padding:.75rem 1rem;margin:.75rem 0`;

/**
 * The one header of the analysts' pages (the flows and results pages, the guide) and of the flow studio: the
 * site's name, a link to each of them, and who is signed in with Sign out. The server draws it as HTML
 * (server/analysts/analystsPageShell.ts) and the studio as React (site/studio/AnalystsHeader.tsx), from here.
 */

/** The header's name of the pages. */
export const ANALYSTS_TITLE = "Quote flows";
export const ANALYSTS_SUBTITLE = "for analysts";

/** The header's landmark name. */
export const ANALYSTS_NAV = "Analysts";

/** Where Sign out posts: a post, so a link or an image elsewhere cannot sign an analyst out. */
export const SIGN_OUT_PATH = "/analysts/sign-out";

/** The flow studio: on the site, for signed-in analysts; in the live preview, open to this machine. */
export const LIVE_STUDIO_PATH = "/analysts/studio/";
export const PREVIEW_STUDIO_PATH = "/studio/";

/** Where the analysts' guide is served. */
export const GUIDE_PATH = "/analysts/guide/";

export interface HeaderLink {
  label: string;
  href: string;
}

/** The header's links, in order; `live` says whether this is the site (signed in) or the live preview. */
export function analystsLinks(live: boolean): HeaderLink[] {
  return [
    { label: "Flows and results", href: "/analysts/flows/" },
    { label: "Flow studio", href: live ? LIVE_STUDIO_PATH : PREVIEW_STUDIO_PATH },
    { label: "Guide", href: GUIDE_PATH },
  ];
}

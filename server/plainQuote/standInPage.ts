/**
 * The page a flow the build never knew (one made in the studio since) is drawn into: the chooser's page, which every
 * build makes, with the head made the flow's own (its title, its description, its address) and kept out of search
 * engines until a publisher lists the flow. Everything else of the page (styles, scripts, header and footer) is the
 * same for every quote page.
 */
import type { FlowDocument } from "../../engine/core/types";
import { quotePath } from "../../engine/core/quotePaths";
import { escapeHtml } from "../plainPage";

/** The built page a flow the build never knew is drawn into. */
export const STAND_IN_PAGE = "quote/index.html";

/** What keeps a page out of search engines until its flow is listed. */
export const NOT_LISTED = '<meta name="robots" content="noindex" />';

const TITLE = /<title>([^<]*)<\/title>/;
/** The longest title shown with the brand after it (site/config.ts's TITLE_LIMIT). */
const TITLE_LIMIT = 60;

/** The stand-in page's head made the flow's own, marked not listed (see listedPage). */
export function ownHead(html: string, flow: FlowDocument): string {
  const shown = TITLE.exec(html)?.[1] ?? "";
  const brand = shown.includes(" | ") ? shown.slice(shown.lastIndexOf(" | ") + 3) : "";
  const full = brand ? `${escapeHtml(flow.title)} | ${brand}` : escapeHtml(flow.title);
  const title = full.length <= TITLE_LIMIT ? full : escapeHtml(flow.title);
  const description = escapeHtml(`${flow.title}: answer a few quick questions and get quotes from UK suppliers. Free, with no obligation.`);
  const origin = /<link rel="canonical" href="([a-z]+:\/\/[^/"]+)/.exec(html)?.[1] ?? "";
  const address = escapeHtml(origin + quotePath(flow.path));
  return html
    .replace(TITLE, () => `<title>${title}</title>`)
    .replace(/<meta name="robots"[^>]*>\s*/g, "")
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${description}"`)
    .replace(/<link rel="canonical" href="[^"]*" \/>/, () => `${NOT_LISTED}\n    <link rel="canonical" href="${address}" />`)
    .replace(/<meta property="og:title" content="[^"]*"/, () => `<meta property="og:title" content="${title}"`)
    .replace(/<meta property="og:description" content="[^"]*"/, () => `<meta property="og:description" content="${description}"`)
    .replace(/<meta property="og:url" content="[^"]*"/, () => `<meta property="og:url" content="${address}"`);
}

/** A first page of a listed flow: offered to search engines. */
export function listedPage(html: string): string {
  return html.replace(`${NOT_LISTED}\n    `, "");
}

/** The built sitemap with the addresses (`/quote/<path>/`) of the listed flows it lacks, at the origin its entries have. */
export function sitemapWith(built: string, paths: string[]): string {
  const origin = /<loc>([a-z]+:\/\/[^/<]+)/.exec(built)?.[1] ?? "";
  const entries = paths.filter((p) => !built.includes(`<loc>${origin}${p}</loc>`)).map((p) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>\n`);
  return built.replace("</urlset>", () => `${entries.join("")}</urlset>`);
}

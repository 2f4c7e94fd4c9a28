/**
 * Draws a quote step on the server for a visitor without scripts, through the site's own React components. Only
 * what the step changes is drawn per request: the build's server bundle (dist/server/entry-server.js, the one that
 * pre-renders the site) renders the inside of the page's <main>, the same tree the page's script hydrates there, and
 * it goes into the version's pre-rendered page (`v<N>.html`), whose header, footer, head and styles are the same for
 * every step. Drawing the whole page took about five times the CPU. The step's state goes into the page as JSON, so
 * the page's script, when it runs, takes the same step over. A page drawn is kept, as bytes and Brotli-compressed
 * (in libuv's thread pool, off the event loop), for the same state asked for again (stepDrawings.ts): a request for
 * it then costs the server reading the kept state and writing a few kB.
 */
import { readFile, stat } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PUBLISHED_FLOW_ID, SERVED_STEP_ID, type PublishedFlowData, type ServedStep } from "../../engine/core/servedStep";
import type { FlowDocument } from "../../engine/core/types";
import { StepDrawings } from "./stepDrawings";

/** What the server bundle renders a step with. */
interface StepBundle {
  renderStepIsland(flowId: string, version: number, served: ServedStep | undefined): Promise<string>;
  addPublishedFlow(data: PublishedFlowData): void;
}

/** A step's page as sent: its bytes, and the same Brotli-compressed. */
export interface DrawnPage {
  html: Buffer;
  br: Buffer;
}

/** Draws a step's whole page. */
export interface StepRenderer {
  /** The page, or undefined when there is none to draw it in (no page built for the flow, or a version published since with no data). */
  render(flow: FlowDocument, served: ServedStep): Promise<DrawnPage | undefined>;
}

/** What a page of a version published since the build carries: its document and its validators' addresses. */
export type PublishedData = (flow: FlowDocument) => Promise<PublishedFlowData | undefined>;

/** A version's own first page as kept (server/versionPages/, carrying its document already) and what it carries. */
export type FirstPage = (flow: FlowDocument) => Promise<{ html: Buffer; data: PublishedFlowData } | undefined>;

const compress = promisify(brotliCompress);
/** Quality 5 of 11: most of Brotli's gain on a page of a few tens of kB, in about a millisecond of a pool thread. */
const BROTLI_QUALITY = 5;

/** A version's pre-rendered page, cut where its <main> holds the step. */
interface PageShell {
  before: string;
  after: string;
}

/** `<main …>` and `</main>`: the one element the page's script takes over (site/quoteIsland.tsx). */
const MAIN = /^([\s\S]*?<main\b[^>]*>)[\s\S]*(<\/main>[\s\S]*)$/;

/**
 * The renderer of a built site (`siteDir` is its client folder; `versionPage` names a version's page in it), or
 * undefined when the build wrote no server bundle.
 */
export async function loadStepRenderer(
  siteDir: string,
  versionPage: (flowPath: string, version: number) => string,
  published: PublishedData = async () => undefined,
  firstPage: FirstPage = async () => undefined,
): Promise<StepRenderer | undefined> {
  const bundleFile = path.join(siteDir, "..", "server", "entry-server.js");
  if (!(await stat(bundleFile).then((s) => s.isFile(), () => false))) return undefined;
  const bundle = (await import(pathToFileURL(bundleFile).href)) as StepBundle;
  // Read once per version (a built site does not change while served).
  const shells = new Map<string, Promise<PageShell | undefined>>();
  const shellFile = (file: string) => {
    let shell = shells.get(file);
    if (!shell) shells.set(file, (shell = readFile(path.join(siteDir, file), "utf8").then(cut, () => undefined)));
    return shell;
  };
  // A version published since the build is drawn in the page the build made for the flow's default (its index.html).
  const shellOf = async (flow: FlowDocument): Promise<{ shell?: PageShell; data?: PublishedFlowData }> => {
    const file = versionPage(flow.path, flow.version);
    const built = await shellFile(file);
    if (built) return { shell: built };
    const data = await published(flow);
    if (data) bundle.addPublishedFlow(data);
    const shell = data && (await shellFile(path.posix.join(path.posix.dirname(file), "index.html")));
    if (shell) return { shell, data };
    // A flow the build never knew has no page of the build's: its later steps go into its version's own first page.
    return ownShell(flow);
  };
  const ownShells = new WeakMap<Buffer, PageShell | undefined>();
  const ownShell = async (flow: FlowDocument): Promise<{ shell?: PageShell }> => {
    const own = await firstPage(flow);
    if (!own) return {};
    bundle.addPublishedFlow(own.data);
    if (!ownShells.has(own.html)) ownShells.set(own.html, cut(own.html.toString("utf8")));
    const shell = ownShells.get(own.html);
    return shell ? { shell } : {};
  };
  const drawings = new StepDrawings(async (flow: FlowDocument, served: ServedStep): Promise<DrawnPage | undefined> => {
    const { shell, data } = await shellOf(flow);
    if (!shell) return undefined;
    const island = await bundle.renderStepIsland(flow.id, flow.version, served);
    const html = Buffer.from(shell.before + island + shell.after.replace("</body>", () => `${dataBlock(SERVED_STEP_ID, served)}${data ? dataBlock(PUBLISHED_FLOW_ID, data) : ""}</body>`));
    const br = await compress(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
    return { html, br };
  });
  return { render: (flow, served) => drawings.draw(flow, served) };
}

/**
 * JSON in a data block: never run, so the Content Security Policy has nothing to allow; "<" escaped so no answer can
 * close the element.
 */
function dataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;
}

/** A page cut around its <main>'s content, or undefined when it has none. */
function cut(html: string): PageShell | undefined {
  const match = MAIN.exec(html);
  return match ? { before: match[1]!, after: match[2]! } : undefined;
}

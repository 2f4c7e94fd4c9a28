/** Quote pages for server tests: a minimal built site with every version's page, and visits that fetch them. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { loadFlowCorpus } from "../../../engine/node/formsFolder";
import { quotePath } from "../../../engine/core/quotePaths";
import { versionPageFile } from "../../../server/quotePageFiles";

/** A browser's user agent: what a visitor's page request carries (a test client's own would count as a bot). */
export const BROWSER_AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** Writes each version's page of every flow in the forms folder into siteDir, as the build would (markup reduced to the version mark). */
export async function writeQuotePages(siteDir: string, formsDir: string): Promise<void> {
  for (const flow of loadFlowCorpus(formsDir).flows) {
    for (const { version } of flow.versions) {
      const file = path.join(siteDir, versionPageFile(flow.path, version));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `<!doctype html><html lang="en-GB"><title>${flow.title}</title><main><div data-flow-version="${version}"></div></main></html>`);
    }
  }
}

/** One page request's outcome: the version served and the visit cookie it set, if any. */
export interface ServedPage {
  status: number;
  version: number | undefined;
  /** `_sp_visit=…` as the browser would send it back. */
  cookie: string | undefined;
  headers: Record<string, unknown>;
}

/** GETs a flow's quote page as a browser would, with the cookies and headers given. */
export async function getQuotePage(app: FastifyInstance, flowPath: string, { query = "", cookie, headers = {} }: { query?: string; cookie?: string; headers?: Record<string, string> } = {}): Promise<ServedPage> {
  const response = await app.inject({
    method: "GET",
    url: `${quotePath(flowPath)}${query}`,
    headers: { "user-agent": BROWSER_AGENT, ...(cookie ? { cookie } : {}), ...headers },
  });
  const setCookie = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("_sp_visit="));
  const version = /data-flow-version="(\d+)"/.exec(response.body)?.[1];
  return { status: response.statusCode, version: version ? Number(version) : undefined, cookie: setCookie?.split(";")[0], headers: response.headers };
}

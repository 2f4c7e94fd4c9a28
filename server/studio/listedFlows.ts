/**
 * Which flows search engines may index, as every instance knows it: a flow of the site's own (forms/) always, a flow
 * made in the live studio once a publisher has listed it (storage/studioFlowsStore.ts). The few rows of flows made in
 * the studio are read again every second, and at once after a listing on this instance, so a listing reaches every
 * instance within a second or so. A flow this instance first hears of after it started is one made in the studio
 * since (forms/ changes only with a deploy), so it is kept out until its row is read.
 */
import type { Kysely } from "kysely";
import { escapeHtml } from "../plainPage";
import type { Database } from "../storage/schema";
import { studioFlowIds } from "../storage/studioFlowsStore";

export interface ListedFlows {
  /** Whether the flow's pages may be indexed (every flow, until the listing is attached to a store). */
  indexed(flowId: string): boolean;
  /** The flows made in the studio and listed since, by id. */
  listedIds(): string[];
  /** Reads the studio's flows again (after a listing here). */
  read(): Promise<void>;
  /** Reads them from `db` now and every `everyMs`; the flows served at start are the site's own or read with them. */
  attach(db: Kysely<Database>, servedAtStart: Iterable<string>, onError: (error: unknown) => void, everyMs?: number): Promise<void>;
  close(): void;
}

export function listedFlows(): ListedFlows {
  let made = new Map<string, boolean>();
  let atStart: Set<string> | undefined;
  let reading: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  return {
    indexed: (flowId) => (atStart === undefined ? true : (made.get(flowId) ?? atStart.has(flowId))),
    listedIds: () => [...made].filter(([, listed]) => listed).map(([id]) => id),
    read: async () => reading?.(),
    async attach(db, servedAtStart, onError, everyMs = 1000) {
      reading = async () => {
        made = await studioFlowIds(db);
      };
      await reading();
      atStart = new Set(servedAtStart);
      timer = setInterval(() => void reading?.().catch(onError), everyMs);
      timer.unref();
    },
    close: () => clearInterval(timer),
  };
}

/** The built sitemap with the addresses (`/quote/<path>/`) it lacks, at the origin its entries have. */
export function sitemapWith(built: string, paths: string[]): string {
  const origin = /<loc>([a-z]+:\/\/[^/<]+)/.exec(built)?.[1] ?? "";
  const entries = paths.filter((p) => !built.includes(`<loc>${origin}${p}</loc>`)).map((p) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>\n`);
  return built.replace("</urlset>", () => `${entries.join("")}</urlset>`);
}

/**
 * Every version's first page, built or published since the build, made one way (pageJob.ts) in a thread of its own
 * (pageThread.ts) and kept as bytes: at start for every version the published state holds, then, as the state
 * changes, for each version not yet made (a publish makes only its new version). The request path only picks the
 * kept bytes (sendVersionPage.ts); a version asked for before its page is made waits for that page alone.
 */
import type { FlowCorpus } from "../../engine/core/flowCorpus";
import type { PublishedFlowData } from "../../engine/core/servedStep";
import type { FlowDocument } from "../../engine/core/types";
import type { MadePage, PageJob } from "./pageJob";
import { pagesThread } from "./pagesThread";

/** A version's page as sent: its bytes in each encoding, and their ETags. */
export interface VersionPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The content's hash: the identity bytes' ETag is `"<hash>"`, the compressed ones' `"<hash>-br"` and `"<hash>-gz"`. */
  hash: string;
}

/** What a version's page carries: its document and its validators' addresses (none: the build's own loaders). */
export type VersionData = (flow: FlowDocument) => Promise<PublishedFlowData>;

/**
 * Whether a flow's pages may be indexed by search engines. Every flow is today (the site's own pages decide); a flow
 * made in the studio is to be kept out until a publisher lists it.
 */
export type FlowIndexed = (document: FlowDocument) => boolean;

export interface VersionPages {
  /** The version's page, made now if it was not yet; undefined when this site can make none for it. */
  page(flow: FlowDocument): Promise<VersionPage | undefined>;
  /** Makes, one after another off the request path, the page of every servable version not yet made. */
  warm(corpus: FlowCorpus): Promise<void>;
  close(): Promise<void>;
}

interface Kept {
  document: FlowDocument;
  noindex: boolean;
  page: Promise<VersionPage | undefined>;
}

/**
 * The pages of the site built into `siteDir` (its client folder); `builtFile` names the file the build wrote for a
 * version (sent as it is by a site built without a server bundle).
 */
export function versionPages(siteDir: string, data: VersionData, builtFile: (flowPath: string, version: number) => string, indexed: FlowIndexed = () => true): VersionPages {
  const thread = pagesThread(siteDir);
  const kept = new Map<string, Kept>();
  const page = (document: FlowDocument) => {
    const key = `${document.id}@${document.version}`;
    const known = kept.get(key);
    const noindex = !indexed(document);
    // A published version never changes; a catalogue read again may hand the same document as a new object.
    if (known && known.noindex === noindex && (known.document === document || JSON.stringify(known.document) === JSON.stringify(document))) {
      known.document = document;
      return known.page;
    }
    const made = (async () => {
      const job: PageJob = { data: await data(document), builtFile: builtFile(document.path, document.version), ...(noindex ? { noindex } : {}) };
      return asPage(await thread.make(job));
    })();
    made.catch(() => {
      if (kept.get(key)?.page === made) kept.delete(key);
    });
    kept.set(key, { document, noindex, page: made });
    return made;
  };
  let warming = Promise.resolve();
  return {
    page,
    warm(corpus) {
      const documents = corpus.flows.flatMap((f) => f.versions.flatMap((v) => (v.flow ? [v.flow] : [])));
      warming = warming.then(async () => {
        for (const document of documents) await page(document).catch(() => undefined);
      });
      return warming;
    },
    close: () => thread.close(),
  };
}

function asPage(made: MadePage | undefined): VersionPage | undefined {
  if (!made) return undefined;
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { identity: buffer(made.identity), br: buffer(made.br), gzip: buffer(made.gzip), hash: made.hash };
}

/**
 * The thread that keeps the published state read (publishedState.ts): the listing of every flow's files and the
 * corpus read from it. Reading, checking and walking flows grows with the flows and versions held, so none of it
 * runs on the server's own thread, where it would hold every visitor's request behind it. A change reads again only
 * the flows it touches; a publish's checks read only the flow published. Each message is `{ id, ...ask }`; the
 * answer `{ id, ...result, workerMs }` or `{ id, error }`.
 */
import { parentPort } from "node:worker_threads";
import { spliceFlows, type FlowReading } from "../../engine/core/corpusSplice";
import { hasErrors } from "../../engine/core/findings";
import { readFlowCorpus, readOneFlow, type FlowCorpus, type FormsListing } from "../../engine/core/flowCorpus";
import { pathFindings } from "../../engine/core/flowPaths";
import { createSchemaCheck } from "../../engine/node/validation";
import { applyChanges, folderListing, listingFolders, type Folders, type StateAsk, type StateAnswer } from "./publishedStateShapes";

const check = createSchemaCheck();
let root = "forms";
let folders: Folders = new Map();
let corpus: FlowCorpus | undefined;

function answer(ask: StateAsk): StateAnswer {
  if (ask.kind === "start") {
    root = ask.listing.root;
    folders = listingFolders(ask.listing);
    corpus = readFlowCorpus(ask.listing, check, corpus);
    return ask.wantCorpus ? { kind: "corpus", corpus } : { kind: "started" };
  }
  if (!corpus) throw new Error("the published state was not started");
  if (ask.kind === "apply") {
    const changed = applyChanges(folders, ask.changes);
    const known = new Set(corpus.flows.map((f) => f.id));
    if ([...changed].some((id) => !known.has(id))) {
      // A new flow (a deploy's forms/): the flows it may name have changed, so every flow is read again.
      const listing: FormsListing = folderListing(root, folders);
      corpus = readFlowCorpus(listing, check, corpus);
      return { kind: "corpus", corpus };
    }
    const readings: FlowReading[] = [...changed].map((id) => readOneFlow(root, id, folders.get(id)!, check, known, corpus!.flows.find((f) => f.id === id)));
    corpus = spliceFlows(corpus, readings);
    return { kind: "flows", readings };
  }
  // A publish's checks: the flow's folder with the new version in it, read as `npm run build` reads forms/, then
  // every way through the version walked to its sending step.
  const files = new Map(folders.get(ask.flowId) ?? []);
  files.set(`v${ask.version}.json`, ask.text);
  const reading = readOneFlow(root, ask.flowId, files, check, new Set(corpus.flows.map((f) => f.id)));
  const flow = reading.flow.versions.find((v) => v.version === ask.version)?.flow;
  const walked = flow && !hasErrors(reading.findings) ? pathFindings(flow, `${root}/${ask.flowId}/v${ask.version}.json`, check) : [];
  return { kind: "findings", findings: [...reading.findings, ...walked] };
}

parentPort!.on("message", (message: StateAsk & { id: number }) => {
  const t0 = performance.now();
  try {
    const result = answer(message);
    parentPort!.postMessage({ id: message.id, ...result, workerMs: performance.now() - t0 });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: String(error) });
  }
});

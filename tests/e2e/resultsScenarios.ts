/**
 * A results server for the browser: the repository's forms with four flows set up as the four kinds of decision
 * (no test, keep running, ship, split broken), their counts written as the store keeps them, served by a real server
 * on a loopback port with the analysts' pages open (as in the live preview). Run by tsx (`tsx tests/e2e/resultsScenarios.ts`
 * prints the server's origin, then serves until stopped), as the browser tests' loader cannot import the server.
 */
import path from "node:path";
import type { CorpusFlow, FlowCorpus } from "../../engine/core/flowCorpus";
import { repoRoot } from "../../server/config";
import { currentPeriod } from "../../server/experiments/experimentPeriod";
import { loadFlowCatalog } from "../../server/flowCatalog";
import { ensurePeriod } from "../../server/storage/experimentStore";
import { addToCounts } from "../../server/storage/experiments/countsRows";
import { startTestServer } from "../server/testServer";
import { SCENARIOS } from "./resultsScenarioList";

/** The forms folder with the scenarios' weights in force. */
function scenarioCorpus(corpus: FlowCorpus): FlowCorpus {
  const withScenario = (flow: CorpusFlow): CorpusFlow => {
    const scenario = Object.values(SCENARIOS).find((s) => s.flowId === flow.id);
    if (!scenario?.weights) return flow;
    const copies = Object.keys(scenario.weights)
      .map(Number)
      .filter((v) => !flow.versions.some((x) => x.version === v))
      .map((version) => ({ ...flow.versions[0]!, version }));
    return { ...flow, versions: [...flow.versions, ...copies], weights: scenario.weights, plannedPerVersion: undefined, decideOn: undefined, guardrails: undefined };
  };
  return { ...corpus, flows: corpus.flows.map(withScenario) };
}

/** Starts the server with the scenarios' counts; `url` is its origin. */
export async function startResultsServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const catalog = loadFlowCatalog(path.join(repoRoot, "forms"));
  const corpus = scenarioCorpus(catalog.corpus());
  const server = await startTestServer({}, false, { analysts: "open", flows: { ...catalog, corpus: () => corpus } });
  await server.withDb(async (db) => {
    for (const scenario of Object.values(SCENARIOS)) {
      const flow = corpus.flows.find((f) => f.id === scenario.flowId)!;
      const period = currentPeriod(flow)!;
      await ensurePeriod(db, flow.id, period, new Date("2026-03-01T09:00:00Z"));
      for (const [version, [exposures, leads, accepted, pounds]] of Object.entries(scenario.counts ?? {})) {
        const key = { flowId: flow.id, periodId: period.id, version: Number(version), day: "2026-03-01", hour: "2026-03-01T10", device: "desktop", source: "direct" };
        const pence = pounds * 100;
        await addToCounts(db, key, { exposures, leads, pending: 0, accepted, valuePence: accepted * pence, valuePenceSquares: accepted * pence * pence, duplicates: 0, rejected: leads - accepted, unrouted: 0 });
      }
    }
  });
  const url = await server.app.listen({ port: 0, host: "127.0.0.1" });
  return { url, close: () => server.close() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url, close } = await startResultsServer();
  process.once("SIGTERM", () => void close().finally(() => process.exit(0)));
  console.log(url);
}

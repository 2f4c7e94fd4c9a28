/** The flows as the health check sees them (server/plugins/healthRoutes.ts), as gauges read at each scrape. */
import { Gauge, type Registry } from "prom-client";
import { unavailableFlows, type FlowCatalog } from "../flowCatalog";
import { unservedFlows, type QuotePageFiles } from "../quotePageFiles";

/** Registers the flow gauges on `registry`; the flows are the forms folder's, a short list the operators edit. */
export function flowMetrics(registry: Registry, flows: FlowCatalog, pages: QuotePageFiles): void {
  new Gauge({
    name: "switchplan_flow_versions_served",
    help: "Versions of each quote flow the server can serve (a version whose file has an error and no good copy is not).",
    labelNames: ["flow"],
    registers: [registry],
    collect() {
      this.reset();
      for (const flow of flows.corpus().flows) this.set({ flow: flow.id }, flow.versions.filter((v) => v.flow).length);
    },
  });
  new Gauge({
    name: "switchplan_flow_unavailable",
    help: "1 for a quote flow with no version to serve (its pages answer with the error page), else 0.",
    labelNames: ["flow"],
    registers: [registry],
    collect() {
      this.reset();
      const corpus = flows.corpus();
      const unavailable = new Set(unavailableFlows(corpus).map((f) => f.id));
      for (const flow of corpus.flows) this.set({ flow: flow.id }, unavailable.has(flow.id) ? 1 : 0);
    },
  });
  new Gauge({
    name: "switchplan_flow_page_unserved",
    help: "1 for a quote flow whose page the build made but whose control has no page this server can send (its page shows the error page), else 0.",
    labelNames: ["flow"],
    registers: [registry],
    async collect() {
      const corpus = flows.corpus();
      const unserved = new Set(await unservedFlows(pages, corpus));
      this.reset();
      for (const flow of corpus.flows) this.set({ flow: flow.id }, unserved.has(flow.id) ? 1 : 0);
    },
  });
  new Gauge({
    name: "switchplan_flow_errors",
    help: "Errors the forms folder's check finds (the health check's flows.errors): above 0, /api/health is degraded.",
    registers: [registry],
    collect() {
      this.set(flows.corpus().findings.filter((f) => f.severity === "error").length);
    },
  });
}

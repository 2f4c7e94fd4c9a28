/** The lead spool's gauges: how many held leads wait for the store, and how long the oldest has waited. */
import { Gauge, type Registry } from "prom-client";

/** What the gauges read from the spool (server/leads/leadSpool.ts). */
export interface SpoolReading {
  size(): number;
  oldestAt(): Date | undefined;
}

/** Registers the spool's gauges on `registry`, read at each scrape (0 while nothing waits). */
export function spoolMetrics(registry: Registry, spool: SpoolReading, now: () => Date): void {
  const registers = [registry];
  new Gauge({
    name: "switchplan_lead_spool_size",
    help: "Valid leads held in this instance's spool, waiting for the store to take them.",
    registers,
    collect() {
      this.set(spool.size());
    },
  });
  new Gauge({
    name: "switchplan_lead_spool_oldest_seconds",
    help: "Seconds since the oldest lead waiting in this instance's spool arrived; 0 while none waits.",
    registers,
    collect() {
      const oldest = spool.oldestAt();
      this.set(oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
}

/** Whether the site is open now (OPENING_HOURS, London time with bank holidays), so alerts about missing leads keep its hours. */
import { Gauge, type Registry } from "prom-client";
import type { OpeningHours } from "../hours/openingHours";

/** Registers switchplan_site_open on `registry`, read from `hours` at each scrape. */
export function hoursMetrics(registry: Registry, hours: OpeningHours, now: () => Date): void {
  new Gauge({
    name: "switchplan_site_open",
    help: "1 while the site's OPENING_HOURS are open (London time, bank holidays closed unless listed), else 0.",
    registers: [registry],
    collect() {
      this.set(hours.isOpen(now()) ? 1 : 0);
    },
  });
}

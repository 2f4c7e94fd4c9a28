import { describe, expect, it } from "vitest";
import { countEvent, funnelCounts } from "../../server/storage/funnelStore";
import { databaseForTests, dialects } from "./support/databases";

describe.each(dialects)("the funnel counts on %s", (name, open, skipped) => {
  const store = databaseForTests(open, skipped, (store) => store.db.deleteFrom("funnel_daily_counts").execute());
  const test = it.skipIf(skipped);

  test(`adds to one row per day, flow, version, step and event type (${name})`, async () => {
    const start = { day: "2026-03-04", flowId: "business-energy", version: 1, event: "start" } as const;
    await countEvent(store.db, start);
    await countEvent(store.db, start);
    await countEvent(store.db, { ...start, event: "step", stepId: "utility" });
    await countEvent(store.db, { ...start, version: 2 });
    await countEvent(store.db, { ...start, day: "2026-03-05" });

    const rows = await store.db.selectFrom("funnel_daily_counts").selectAll().orderBy("day").orderBy("flow_version").orderBy("event").execute();
    expect(rows).toEqual([
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 1, step_id: "", event: "start", count: 2 },
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 1, step_id: "utility", event: "step", count: 1 },
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 2, step_id: "", event: "start", count: 1 },
      { day: "2026-03-05", flow_id: "business-energy", flow_version: 1, step_id: "", event: "start", count: 1 },
    ]);
  });

  test(`loses no count when many beacons for one row arrive at once (${name})`, async () => {
    await Promise.all(Array.from({ length: 40 }, () => countEvent(store.db, { day: "2026-03-04", flowId: "home-water", version: 1, event: "lead" })));

    expect(await funnelCounts(store.db, "home-water")).toEqual([{ version: 1, stepId: "", event: "lead", count: 40 }]);
  });

  test(`sums a flow's days from the day asked for, leaving other flows out (${name})`, async () => {
    for (const day of ["2026-03-01", "2026-03-02", "2026-03-02", "2026-03-03"]) {
      await countEvent(store.db, { day, flowId: "business-water", version: 1, event: "step", stepId: "sites" });
    }
    await countEvent(store.db, { day: "2026-03-03", flowId: "business-waste", version: 1, event: "step", stepId: "sites" });

    expect(await funnelCounts(store.db, "business-water")).toEqual([{ version: 1, stepId: "sites", event: "step", count: 4 }]);
    expect(await funnelCounts(store.db, "business-water", "2026-03-02")).toEqual([{ version: 1, stepId: "sites", event: "step", count: 3 }]);
    expect(await funnelCounts(store.db, "business-water", "2026-03-04")).toEqual([]);
  });
});

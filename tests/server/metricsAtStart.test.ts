import { afterEach, expect, it } from "vitest";
import { freePort } from "../../scripts/support/metricsScraper";
import { samples, valueOf } from "./support/exposition";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

it("counts the steps posted without scripts from 0 at start, for each flow's steps and each outcome", async () => {
  const port = await freePort();
  server = await startTestServer({ METRICS_PORT: String(port) });

  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

  for (const outcome of ["moved_on", "shown", "not_taken", "other_site", "too_many"]) {
    expect(valueOf(text, "switchplan_plain_steps_total", { flow: "business-energy", step: "utility", outcome }), outcome).toBe(0);
    expect(valueOf(text, "switchplan_plain_steps_total", { flow: "business-energy", step: "other", outcome }), outcome).toBe(0);
  }
  const flows = new Set(samples(text).filter((s) => s.name === "switchplan_plain_steps_total").map((s) => s.labels.flow));
  expect(flows).toEqual(new Set(samples(text).filter((s) => s.name === "switchplan_leads_received_total" && s.labels.flow !== "other").map((s) => s.labels.flow)));
});

import { afterEach, expect, it } from "vitest";
import { eventually } from "./support/eventually";
import { logCapture } from "./support/logCapture";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, type PipelineServer } from "./support/pipelineServer";

let server: PipelineServer | undefined;
afterEach(async () => {
  await server?.close();
});

it("the delivery worker's lines carry the lead's id and the request that sent it, and a dead delivery is a warning with its reason", async () => {
  const log = logCapture();
  // Port 9 refuses connections: one attempt, and the delivery is dead.
  server = await startPipelineServer({
    receiverUrl: "http://127.0.0.1:9",
    deliveryWorker: true,
    env: { OPENING_HOURS: "always", DELIVERY_MAX_ATTEMPTS: "1", DELIVERY_POLL_MS: "20" },
    logger: { level: "info", stream: log.stream },
  });

  const response = await server.app.inject({ method: "POST", url: "/api/leads", headers: { "x-request-id": "lb-lead-42" }, payload: fixtureLead("business-waste", { email: "kim@example.com" }) });
  const { leadId } = response.json<{ leadId: string }>();
  expect(response.headers["x-request-id"]).toBe("lb-lead-42");

  const lines = () =>
    Promise.resolve(
      log
        .text()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
  const logged = await eventually(lines, (all) => all.some((line) => String(line.msg).startsWith("delivery dead")), 30_000);
  const dead = logged.find((line) => String(line.msg).startsWith("delivery dead"))!;
  expect(dead).toMatchObject({ level: 40, msg: "delivery dead: given up after its last attempt", leadId, requestId: "lb-lead-42", buyer: "waste", status: "dead" });
  expect(String(dead.reason)).toMatch(/^gave up after 1 attempts: /);
  expect(logged.find((line) => line.msg === "lead stored")).toMatchObject({ reqId: "lb-lead-42", leadId });
  expect(log.text()).not.toContain("example.com");
});

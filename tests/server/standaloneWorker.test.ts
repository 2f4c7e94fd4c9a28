import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import { openDatabase } from "../../server/storage/database";
import type { Kysely } from "kysely";
import type { Database } from "../../server/storage/schema";
import { freePort } from "../../scripts/support/metricsScraper";
import { buyerOffers } from "../../server/leads/acceptLead";
import { insertRoutedLead } from "../../server/storage/leadsStore";
import { eventually } from "./support/eventually";
import { TEST_SECRETS, testBuyers, writeBuyersFile } from "./support/pipelineFixtures";
import { startReceiver, type Receiver } from "./support/receiver";
import { startWorkerProcess } from "./support/serverProcess";
import { makeTempDir, removeTempDir } from "./testServer";

let dir: string;
let receiver: Receiver;
beforeAll(async () => {
  dir = await makeTempDir("switchplan-worker-");
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await removeTempDir(dir);
});

/** A lead stored by a server, with one delivery to the waste buyer waiting for the worker. */
async function storeWaitingLead(db: Kysely<Database>) {
  const buyers = await loadBuyers(path.join(dir, "buyers.json"));
  return insertRoutedLead(
    db,
    { flowId: "fixture-business-waste", flowVersion: 1, productType: "businessWaste", serviceType: "business-waste", testMode: false, responseCode: "1", answers: { phone: "020 7946 0600" }, contactConsent: { wording: "Agreed", buyers: ["Test Waste"] } },
    {
      ...buyerOffers({ exclusive: [], generic: [buyers.byKey("waste")!], maxGeneric: 3 }, new Date()),
      duplicateWindowMs: 1000,
      capDay: "2026-03-04",
      noBuyer: { code: "0", note: "none" },
      duplicate: { code: "2", note: "duplicate" },
    },
  );
}

it("delivers the queue on its own (npm run worker) for servers started with DELIVERY_WORKER=off, and stops cleanly", async () => {
  const buyersFile = await writeBuyersFile(dir, testBuyers(receiver.url));
  const db = await openDatabase({ file: path.join(dir, "data", "leads.sqlite") });
  const stored = await storeWaitingLead(db);

  const worker = await startWorkerProcess({ DATA_DIR: path.join(dir, "data"), BUYERS_FILE: buyersFile, DELIVERY_POLL_MS: "50", ...TEST_SECRETS });
  try {
    const [received] = await receiver.waitFor(1);
    expect(received!.body.leadId).toBe(stored.leadId);
    const rows = await eventually(() => db.selectFrom("deliveries").select("status").execute(), (r) => r[0]?.status === "delivered");
    expect(rows).toEqual([{ status: "delivered" }]);
  } finally {
    await worker.stop("SIGTERM");
    await db.destroy();
  }
  expect(worker.child.exitCode).toBe(0);
}, 30_000);

it("exports its own metrics on WORKER_METRICS_PORT: each send by buyer and outcome, and the queue it has left", async () => {
  const buyersFile = await writeBuyersFile(dir, testBuyers(receiver.url));
  const dataDir = path.join(dir, "metrics-data");
  const db = await openDatabase({ file: path.join(dataDir, "leads.sqlite") });
  await storeWaitingLead(db);
  const port = await freePort();
  const worker = await startWorkerProcess({ DATA_DIR: dataDir, BUYERS_FILE: buyersFile, DELIVERY_POLL_MS: "50", WORKER_METRICS_PORT: String(port), ...TEST_SECRETS });
  try {
    await eventually(() => db.selectFrom("deliveries").select("status").execute(), (r) => r[0]?.status === "delivered");
    const text = await eventually(
      async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
      (t) => /switchplan_delivery_attempts_total\{[^}]*buyer="waste"[^}]*outcome="delivered"[^}]*\} 1/.test(t) || /switchplan_delivery_attempts_total\{[^}]*outcome="delivered"[^}]*buyer="waste"[^}]*\} 1/.test(t),
    );
    expect(text).toMatch(/^switchplan_delivery_queue_depth(\{[^}]*\})? 0$/m);
    // Never on the public side: the worker has no other port, and no personal data in any label.
    expect(text).not.toContain("020 7946 0600");
  } finally {
    await worker.stop("SIGTERM");
    await db.destroy();
  }
  expect(worker.child.exitCode).toBe(0);
}, 30_000);

it("stops with a message naming WORKER_METRICS_PORT when that port is taken, before sending anything", async () => {
  const buyersFile = await writeBuyersFile(dir, testBuyers(receiver.url));
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const { port } = taken.address() as AddressInfo;
  try {
    await expect(startWorkerProcess({ DATA_DIR: path.join(dir, "taken-data"), BUYERS_FILE: buyersFile, WORKER_METRICS_PORT: String(port), ...TEST_SECRETS })).rejects.toThrow(
      new RegExp(`exited with 1[\\s\\S]*127\\.0\\.0\\.1:${port} \\(WORKER_METRICS_PORT\\): it is taken by another program`),
    );
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
}, 30_000);

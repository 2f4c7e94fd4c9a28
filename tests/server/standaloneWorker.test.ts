import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import { openDatabase } from "../../server/storage/database";
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

it("delivers the queue on its own (npm run worker) for servers started with DELIVERY_WORKER=off, and stops cleanly", async () => {
  const buyersFile = await writeBuyersFile(dir, testBuyers(receiver.url));
  const db = await openDatabase({ file: path.join(dir, "data", "leads.sqlite") });
  const buyers = await loadBuyers(buyersFile);
  const stored = await insertRoutedLead(
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

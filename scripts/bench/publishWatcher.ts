/**
 * A third instance for `npm run bench:publish`, serving nothing: it follows the published flows in the store
 * (FORMS_DIR, DATABASE_URL) as a server does, with notices, and prints one JSON line per new state swapped in
 * (server/publishing/publishedCatalog.ts's Rebuild: the flows read again, the thread's time and this event loop's),
 * after "ready". Alone in its process, its event loop's busy time is the rebuild's own.
 */
import Fastify from "fastify";
import { publishedFlowCatalog } from "../../server/publishing/publishedCatalog";
import { openDatabase } from "../../server/storage/database";
import { listenForPublishedChanges } from "../../server/storage/publishedNotices";

const url = process.env.DATABASE_URL!;
const catalog = publishedFlowCatalog(process.env.FORMS_DIR!);
const db = await openDatabase({ url });
await catalog.attach(db, Fastify({ logger: false }).log, new Date(), {
  listen: (onNotice) => listenForPublishedChanges(url, onNotice),
  onRebuilt: (rebuild) => console.log(JSON.stringify(rebuild)),
});
console.log("ready");
process.once("SIGTERM", () => {
  catalog.close();
  void db.destroy().finally(() => process.exit(0));
});

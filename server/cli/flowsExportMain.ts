/**
 * `npm run flows:export -- --out DIR`: writes the published flows (every version and each flow's traffic) from the
 * store the server's settings name into DIR, in the repository's JSON style: `--out forms` brings forms/ up to date
 * with what is published, for a team that keeps its flows in git.
 */
import path from "node:path";
import { displayPath, repoRoot } from "../../engine/node/formsFolder";
import { exportPublishedFlows } from "../publishing/exportFlows";
import { stopQuietlyWhenOutputCloses } from "./closedOutput";
import { configOrExit, openConfiguredStore } from "./commandStore";
import { storeWords } from "./storeWords";

stopQuietlyWhenOutputCloses();

const USAGE = "Usage: npm run flows:export -- --out DIR   (writes DIR/<flow>/v<N>.json and DIR/<flow>/split.json)";
const args = process.argv.slice(2);
const out = args[args.indexOf("--out") + 1];
if (args.includes("--help") || !args.includes("--out") || !out || out.startsWith("-") || args.length !== 2) {
  console.error(USAGE);
  process.exit(args.includes("--help") ? 0 : 1);
}

const config = configOrExit();
console.log(`Exporting the published flows from ${storeWords(config)}`);
const db = await openConfiguredStore(config);
try {
  const outDir = path.resolve(process.env.INIT_CWD ?? repoRoot, out);
  const written = await exportPublishedFlows(db, outDir);
  console.log(written.length === 0 ? "The store has no published flows yet: the server publishes forms/ at its first start." : `Wrote ${written.length} files of the published flows into ${displayPath(outDir)}/`);
} finally {
  await db.destroy();
}

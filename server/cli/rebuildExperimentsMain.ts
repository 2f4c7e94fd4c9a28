/**
 * `npm run experiments:rebuild [-- --flow ID [--period ID]]`: recomputes the experiment counts the report reads from
 * the exposures, steps reached, leads and deliveries (after a restore, a hand edit, or to check them), for one
 * period of a flow, one flow, or every flow. Runs against the database the server's settings name.
 */
import { rebuildExperimentCounts } from "../storage/experiments/rebuildUnit";
import { stopQuietlyWhenOutputCloses } from "./closedOutput";
import { configOrExit, openConfiguredStore } from "./commandStore";

stopQuietlyWhenOutputCloses();

const USAGE = `Usage: npm run experiments:rebuild [-- --flow ID [--period ID]]
  (no option)          rebuild every flow's experiment counts
  --flow ID            only this flow's (every period)
  --flow ID --period P only this period of the flow`;

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const flowId = option("--flow");
const periodId = option("--period");
const known = new Set(["--flow", "--period"]);
const unknown = args.filter((arg, i) => arg.startsWith("-") && !known.has(arg) && !known.has(args[i - 1] ?? ""));
if (args.includes("--help") || unknown.length > 0 || (periodId !== undefined && flowId === undefined) || (args.includes("--flow") && !flowId)) {
  console.error(unknown.length > 0 ? `Unknown option ${unknown[0]}\n\n${USAGE}` : USAGE);
  process.exit(args.includes("--help") ? 0 : 1);
}

const config = configOrExit();
const db = await openConfiguredStore(config);
try {
  const began = performance.now();
  const { exposures, leads } = await rebuildExperimentCounts(db, { ...(flowId ? { flowId } : {}), ...(periodId ? { periodId } : {}) });
  const scope = flowId ? `${flowId}${periodId ? ` period ${periodId}` : ""}` : "every flow";
  console.log(`Rebuilt the experiment counts of ${scope}: ${exposures} exposures, ${leads} with a lead, in ${((performance.now() - began) / 1000).toFixed(1)} s`);
} finally {
  await db.destroy();
}

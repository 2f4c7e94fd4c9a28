/**
 * The server as `server/main.ts` starts it, but storing leads without consent certificates: the other side of
 * `npm run bench:server -- --certificates` (scripts/bench/certificateCost.ts). Never a way to run the site.
 */
import { buildServer } from "../../server/buildServer";
import { loadConfig } from "../../server/config";
import { siteOrigin } from "../../server/security/siteOrigin";

const config = loadConfig();
const app = await buildServer({ config, consentCertificates: false });
await app.listen({ host: config.host, port: config.port });
console.log(`${config.brand} is running at ${siteOrigin({ host: config.host, port: config.port }, () => app.server.address())()}/`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));

/**
 * A flood of wrong sign-ins for `npm run bench:server`: clients each posting the analysts' sign-in form in a loop,
 * every post from an address of its own (X-Forwarded-For, the server trusting one proxy) and for a name of its own,
 * so neither the per-address nor the per-name limit stops it and every post asks for a password check.
 */
import type { Phase } from "./phases";

/** The flood's posts: how they were answered, by status. */
export interface Flood extends Phase {
  statuses: Record<number, number>;
}

/** Posts wrong sign-ins to `url` from `clients` loops until `durationMs` has passed. */
export async function floodSignIns(name: string, url: string, clients: number, durationMs: number): Promise<Flood> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let failures = 0;
  let sent = 0;
  const started = performance.now();
  const client = async () => {
    while (performance.now() < started + durationMs) {
      const n = sent++;
      const t0 = performance.now();
      const status = await fetch(`${url}/analysts/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        body: new URLSearchParams({ name: `flood-${n}`, password: `wrong password ${n}`, return: "/analysts/flows/" }).toString(),
      }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      );
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      // Refused (401) or told to come back (429) is what a wrong sign-in should get; anything else is a failure.
      if (status !== 401 && status !== 429) failures++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { name, requests: latencies.length, failures, elapsedMs: performance.now() - started, latencies: latencies.sort((a, b) => a - b), statuses };
}

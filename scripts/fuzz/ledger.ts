/**
 * What the fuzz saw: requests by kind, statuses, every 5xx (method, path, status; never a body, which may carry
 * the made-up personal details), and the visit and quote session ids each simulated address was given, which the
 * promise checks compare with the stored rows.
 */
import { send, signedId, type FuzzRequest, type FuzzResponse } from "./loopback";

/** The visit and quote session cookies' names (SPEC). */
export const VISIT_COOKIE = "_sp_visit";
export const QUOTE_COOKIE = "_sp_quote";

/** Counts, ids handed out, and a pool of real cookie values for the forging requests to start from. */
export class Ledger {
  readonly byKind = new Map<string, number>();
  readonly byStatus = new Map<number, number>();
  readonly serverErrors: string[] = [];
  /** Visit ids set, by the address they were set for. */
  readonly visitsByAddress = new Map<string, Set<string>>();
  /** Quote session ids set, by the address they were set for. */
  readonly quotesByAddress = new Map<string, Set<string>>();
  /** Raw signed values seen, by cookie name, the newest last (bounded). */
  readonly pool = new Map<string, string[]>([
    [VISIT_COOKIE, []],
    [QUOTE_COOKIE, []],
  ]);
  sent = 0;

  constructor(private readonly base: string) {}

  /**
   * Sends one request of `kind`, counts it and keeps the ids its cookies carry. A race's cookies stay out of the
   * forging pool (`pooled` false): a forged request moving a race's quote would be the fuzz breaking its own check.
   */
  async hit(kind: string, req: FuzzRequest, pooled = true): Promise<FuzzResponse> {
    this.sent++;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    const response = await send(this.base, req);
    this.byStatus.set(response.status, (this.byStatus.get(response.status) ?? 0) + 1);
    if (response.status >= 500 || response.status === 0) this.serverErrors.push(`${response.status} ${req.method} ${req.path.slice(0, 120)} (${kind})`);
    this.keep(req.from, response.cookies, pooled);
    return response;
  }

  private keep(from: string, cookies: Map<string, string>, pooled: boolean): void {
    for (const [name, byAddress] of [
      [VISIT_COOKIE, this.visitsByAddress],
      [QUOTE_COOKIE, this.quotesByAddress],
    ] as const) {
      const raw = cookies.get(name);
      if (!raw) continue;
      const ids = byAddress.get(from) ?? new Set<string>();
      byAddress.set(from, ids.add(signedId(raw)));
      if (!pooled) continue;
      const pool = this.pool.get(name)!;
      pool.push(raw);
      if (pool.length > 200) pool.shift();
    }
  }

  /** Every visit id handed out, whoever to. */
  allVisits(): Set<string> {
    return new Set([...this.visitsByAddress.values()].flatMap((ids) => [...ids]));
  }
}

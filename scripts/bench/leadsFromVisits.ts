/**
 * `npm run bench:server -- --store …`, "leads from visits": leads as real visitors send them. Each try is a phone
 * browser opening business energy's quote page (which starts its visit, `_sp_visit`, and counts its exposure and
 * first step), then posting its lead to /api/leads with that cookie, in the version its page drew (`_ver`), so the
 * experiment counts both touch are written beside the lead: what the plain durable-leads phase leaves out.
 */
import { leadBody } from "../support/leadServer";
import type { Phase } from "./phases";

/** A phone browser, as a visitor's quote page is opened. */
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** The visits phase's figures: the page GETs and the lead POSTs apart, each with its latencies and 5xx answers. */
export interface VisitsRun {
  pages: Phase;
  leads: Phase;
  /** Answers of 500 or more, pages and leads together. */
  serverErrors: number;
}

interface Tally {
  latencies: number[];
  failures: number;
}

/** `clients` visitors, each a page then its lead, for `durationMs`; a lead from person `serial()`. */
export async function leadsFromVisits(url: string, clients: number, durationMs: number, serial: () => number, label: string): Promise<VisitsRun> {
  const pages: Tally = { latencies: [], failures: 0 };
  const leads: Tally = { latencies: [], failures: 0 };
  let serverErrors = 0;
  const timed = async <T>(tally: Tally, call: () => Promise<{ ok: boolean; status: number; value: T }>) => {
    const t0 = performance.now();
    const answer = await call().catch(() => ({ ok: false, status: 0, value: undefined }));
    tally.latencies.push(performance.now() - t0);
    if (!answer.ok) tally.failures++;
    if (answer.status >= 500) serverErrors++;
    return answer.ok ? answer.value : undefined;
  };
  const started = performance.now();
  const visitor = async () => {
    while (performance.now() < started + durationMs) {
      const visit = await timed(pages, async () => {
        const response = await fetch(`${url}/quote/business-energy/`, { headers: { "user-agent": PHONE, accept: "text/html" } });
        const html = await response.text();
        const cookie = response.headers.getSetCookie().find((c) => c.startsWith("_sp_visit="))?.split(";")[0];
        const version = /name="_ver" value="(\d+)"/.exec(html)?.[1];
        return { ok: response.status === 200 && cookie !== undefined && version !== undefined, status: response.status, value: { cookie: cookie!, version: Number(version) } };
      });
      if (!visit) continue;
      await timed(leads, async () => {
        const body = { ...(JSON.parse(leadBody(serial())) as Record<string, unknown>), version: visit.version };
        const response = await fetch(`${url}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url, cookie: visit.cookie, "user-agent": PHONE },
          body: JSON.stringify(body),
        });
        const answer = (await response.json().catch(() => ({}))) as { code?: string };
        return { ok: response.status === 200 && answer.code === "5", status: response.status, value: true };
      });
    }
  };
  await Promise.all(Array.from({ length: clients }, visitor));
  const elapsedMs = performance.now() - started;
  const phase = (name: string, tally: Tally): Phase => ({ name, requests: tally.latencies.length, failures: tally.failures, elapsedMs, latencies: tally.latencies.sort((a, b) => a - b) });
  return { pages: phase(`GET /quote/… (leads from visits), ${label}`, pages), leads: phase(`POST /api/leads (leads from visits), ${label}`, leads), serverErrors };
}

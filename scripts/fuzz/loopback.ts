/**
 * The fuzz's own HTTP client: plain node:http on loopback, so it may send any Host, Origin or body a script could
 * (fetch refuses some), with a client address of its choice in X-Forwarded-For (the fuzz stands for the one load balancer
 * the server trusts, TRUST_PROXY=1, so each simulated client has its own limits).
 */
import { Agent, request } from "node:http";

/** One request as the fuzz sends it. */
export interface FuzzRequest {
  method: "GET" | "POST" | "HEAD";
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The simulated client's address. */
  from: string;
}

/** What came back: the status, the cookies set (name → raw value) and where it sends the browser. */
export interface FuzzResponse {
  status: number;
  cookies: Map<string, string>;
  location?: string;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Sends `req` to the server at `base` (http://127.0.0.1:port); a connection the server cuts is status 0. */
export function send(base: string, req: FuzzRequest): Promise<FuzzResponse> {
  const url = new URL(req.path, base);
  return new Promise((resolve) => {
    const outgoing = request(
      { agent, host: url.hostname, port: url.port, method: req.method, path: `${url.pathname}${url.search}`, headers: { "x-forwarded-for": req.from, ...req.headers }, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, cookies: cookiesSet(response.headers["set-cookie"]), body: Buffer.concat(chunks).toString(), ...(response.headers.location ? { location: response.headers.location } : {}) }));
        response.on("error", () => resolve({ status: 0, cookies: new Map(), body: "" }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy());
    outgoing.on("error", () => resolve({ status: 0, cookies: new Map(), body: "" }));
    outgoing.end(req.body);
  });
}

/** Lets the kept-alive sockets go, so the process can end. */
export function closeClient(): void {
  agent.destroy();
}

function cookiesSet(lines: string[] | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of lines ?? []) {
    const pair = line.split(";")[0]!;
    const at = pair.indexOf("=");
    if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return cookies;
}

/** The id inside a signed cookie's value (`id.signature`, URL-encoded as set). */
export function signedId(raw: string): string {
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf(".");
  return dot > 0 ? value.slice(0, dot) : value;
}

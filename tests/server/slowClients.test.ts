import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer;
let port: number;
beforeAll(async () => {
  // Short time-outs, so the test waits seconds where production waits tens of seconds.
  server = await startTestServer({ HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "1500", KEEP_ALIVE_TIMEOUT_MS: "500" });
  await server.app.listen({ host: "127.0.0.1", port: 0 });
  port = (server.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await server.close();
});

/** Opens a connection, writes `start`, then a byte every `trickleMs`; resolves with how long until the server closed it. */
function holdOpen(start: string, trickleMs?: number, giveUpMs = 8000): Promise<number> {
  return new Promise((resolve) => {
    const began = performance.now();
    const socket = net.connect(port, "127.0.0.1", () => socket.write(start));
    const timer = trickleMs ? setInterval(() => socket.writable && socket.write("a"), trickleMs) : undefined;
    const end = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve(performance.now() - began);
    };
    const giveUp = setTimeout(end, giveUpMs);
    socket.on("data", () => undefined);
    socket.on("close", end);
    socket.on("error", end);
  });
}

describe("clients that are slow or stall", () => {
  it("cuts off a client that never finishes its headers", async () => {
    const heldMs = await holdOpen("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");

    expect(heldMs).toBeLessThan(5000);
  });

  it("cuts off a client trickling its headers a byte at a time", async () => {
    const heldMs = await holdOpen("GET /api/health HTTP/1.1\r\nX-Slow: ", 200);

    expect(heldMs).toBeLessThan(5000);
  });

  it("cuts off a client trickling a lead's body a byte at a time", async () => {
    // From the site's own page (HOST is localhost), so the body is waited for rather than refused at once.
    const heldMs = await holdOpen(`POST /api/leads HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{`, 200);

    expect(heldMs).toBeLessThan(5000);
  });

  it("closes a kept-alive connection left idle after its answer", async () => {
    const heldMs = await holdOpen("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");

    expect(heldMs).toBeLessThan(3000);
  });

  it("still answers a visitor who sends a whole request in time", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);

    expect(response.status).toBe(200);
  });
});

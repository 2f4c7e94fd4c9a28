import { Writable } from "node:stream";
import { afterEach, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

it("answers a fault of our own with a generic 500 and logs the error for the operator", async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({}, { level: "error", stream });
  server.app.get("/api/broken", async () => {
    throw new Error("disk on fire");
  });

  const response = await server.app.inject({ method: "GET", url: "/api/broken" });

  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ code: "4", message: "Something went wrong on our side. Please try again in a moment." });
  expect(response.body).not.toContain("disk on fire");
  expect(lines.join("")).toContain("disk on fire");
});

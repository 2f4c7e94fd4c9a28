import { afterEach, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

it("reports ok when the server and its database answer", async () => {
  server = await startTestServer();

  const response = await server.app.inject({ method: "GET", url: "/api/health" });

  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: "ok" });
});

import { afterEach, expect, it } from "vitest";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";
import { logCapture } from "./support/logCapture";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

it("keeps postcodes, names, phone numbers and e-mails out of the logs, newsletter sign-ups included", async () => {
  const log = logCapture();
  server = await startTestServer({}, { level: "trace", stream: log.stream });

  await server.app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY" });
  await server.app.inject({ method: "GET", url: "/api/unknown?postcode=M1%201AE" });
  await server.app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1() });
  await server.app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1({ phone: "123" }) });
  await server.app.inject({
    method: "POST",
    url: "/api/leads",
    payload: '{"answers": {"email": "jane.smith@example.com"',
    headers: { "content-type": "application/json" },
  });

  await server.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "jane.smith@example.com", consentText: "Yes please" } });
  await server.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "jane.smith@", consentText: "Yes please" } });

  const logged = log.text();
  expect(logged).toContain('"url":"/api/addresses"');
  for (const personal of ["LS1", "M1 1AE", "M1%201AE", "Jane", "Smith", "0113 496 0000", "+441134960000", "example.com"]) {
    expect(logged).not.toContain(personal);
  }
});

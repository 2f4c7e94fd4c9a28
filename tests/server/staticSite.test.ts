import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir, startTestServer, type TestServer } from "./testServer";

let siteDir: string;
let server: TestServer;

/** A built site as the site build leaves it: pages as folder/index.html, hashed assets, a 404 page. */
async function writeSite(dir: string, { with404 = true } = {}): Promise<void> {
  await mkdir(path.join(dir, "business-energy"), { recursive: true });
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<!doctype html><title>Home</title><h1>Compare business services</h1>");
  await writeFile(path.join(dir, "business-energy", "index.html"), "<!doctype html><h1>Compare business energy prices</h1>");
  await writeFile(path.join(dir, "assets", "main-3f9a1c.js"), "console.log('hi')");
  await writeFile(path.join(dir, "robots.txt"), "User-agent: *\n");
  if (with404) await writeFile(path.join(dir, "404.html"), "<!doctype html><h1>We could not find that page</h1>");
}

beforeEach(async () => {
  siteDir = await makeTempDir("switchplan-site-");
});
afterEach(async () => {
  await server.close();
  await removeTempDir(siteDir);
});

function get(url: string) {
  return server.app.inject({ method: "GET", url });
}

describe("the built site", () => {
  beforeEach(async () => {
    await writeSite(siteDir);
    server = await startTestServer({ SITE_DIR: siteDir });
  });

  it("serves the home page at /", async () => {
    const response = await get("/");

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("Compare business services");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("serves a directory URL's index.html", async () => {
    const response = await get("/business-energy/");

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Compare business energy prices");
  });

  it("redirects a page URL without its trailing slash, keeping the query", async () => {
    const response = await get("/business-energy?utm_source=x");

    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/business-energy/?utm_source=x");
  });

  it("lets browsers keep hashed assets for a year", async () => {
    const response = await get("/assets/main-3f9a1c.js");

    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("makes browsers revalidate files whose names do not change between builds", async () => {
    expect((await get("/robots.txt")).headers["cache-control"]).toBe("no-cache");
  });

  it("answers an unknown page with the site's 404 page and status 404", async () => {
    const response = await get("/no-such-page/");

    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("We could not find that page");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers an unknown API path with JSON, not the 404 page", async () => {
    const response = await get("/api/no-such-thing");

    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: "4", message: "Not found" });
  });
});

describe("without a 404 page", () => {
  it("still answers an unknown page with status 404", async () => {
    await writeSite(siteDir, { with404: false });
    server = await startTestServer({ SITE_DIR: siteDir });

    const response = await get("/missing");

    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
  });
});

describe("without a built site", () => {
  it("still serves the API", async () => {
    server = await startTestServer({ SITE_DIR: path.join(siteDir, "not-built") });

    expect((await get("/api/health")).json()).toEqual({ status: "ok" });
    expect((await get("/")).statusCode).toBe(404);
  });
});

describe("compressed pages", () => {
  it("serves the build's brotli copy to a browser that accepts it, and the plain file to one that does not", async () => {
    const html = "<!doctype html><h1>Compressed</h1>".repeat(20);
    await writeFile(path.join(siteDir, "index.html"), html);
    await writeFile(path.join(siteDir, "index.html.br"), brotliCompressSync(html));
    server = await startTestServer({ SITE_DIR: siteDir });

    const compressed = await server.app.inject({ url: "/", headers: { "accept-encoding": "br, gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(html);

    const plain = await server.app.inject({ url: "/", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(html);
  });
});

/**
 * One header across the analysts' pages and the flow studio: the flows and results page, a flow's results and the
 * guide each link to the studio and to each other, with who is signed in and Sign out; the sign-in page has none
 * of it. On both stores.
 */
import { describe, expect, it } from "vitest";
import { analystsLinks } from "../../engine/studio/analystsHeader";
import { analystsServerPerTest, getAsAnalyst } from "./support/analysts";
import { serverDialects } from "./support/serverOnDialect";

const nav = (html: string) => /<nav aria-label="Analysts"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";

describe.each(serverDialects)("the analysts' header on %s", (dialect, skipped) => {
  const startServer = analystsServerPerTest();

  it.skipIf(skipped)("links every analysts' page to the flows, the studio and the guide, with Sign out", async () => {
    const { app } = await startServer(dialect);
    for (const url of ["/analysts/flows/", "/analysts/flows/business-water/", "/analysts/guide/"]) {
      const page = await getAsAnalyst(app, url);
      expect(page.statusCode, url).toBe(200);
      const links = [...nav(page.body).matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({ href: m[1], label: m[2] }));
      expect(links, url).toEqual(analystsLinks(true));
      expect(links.map((l) => l.href), url).toContain("/analysts/studio/");
      expect(nav(page.body), url).toMatch(/<form method="post" action="\/analysts\/sign-out"[^>]*><p[^>]*>Signed in as jo <button type="submit"[^>]*>Sign out<\/button>/);
    }
    const signIn = await app.inject({ method: "GET", url: "/analysts/sign-in" });
    expect(nav(signIn.body)).toBe("");
    expect(signIn.body).not.toContain("Sign out");
  });
});

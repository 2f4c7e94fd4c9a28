/**
 * Makes the validators of every version published since the build as soon as this instance serves it, so the first
 * visitor to reach a form step of it does not wait for them to be bundled, at start and after each change. A version
 * the build made a page for has its validators in the build's bundle and is left alone.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { PublishedFlowCatalog } from "./publishedCatalog";
import type { validatorAssets } from "./validatorAssets";

/** Warms the assets of the versions served now that the build did not make; errors are logged, never thrown. */
export function warmPublished(catalog: PublishedFlowCatalog, assets: ReturnType<typeof validatorAssets>, siteDir: string, log: FastifyBaseLogger): void {
  for (const flow of catalog.corpus().flows) {
    const pages = path.join(siteDir, "quote", flow.path);
    // No page built for the flow (an API-only server): no published version of it is drawn either.
    if (!existsSync(path.join(pages, "index.html"))) continue;
    for (const version of flow.versions) {
      if (!version.flow || existsSync(path.join(pages, `v${version.version}.html`))) continue;
      assets.of(version.flow).catch((error: unknown) => log.error({ err: error, flowId: flow.id, version: version.version }, "the validators of a published version could not be made"));
    }
  }
}

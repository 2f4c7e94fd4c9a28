/** Modules made at build time by the plugins in site/build/. */
declare module "virtual:flow-manifest" {
  import type { FlowDocument } from "../engine/core/types";
  import type { FlowSummary } from "./build/flowManifestPlugin";
  export const flows: FlowSummary[];
  export const loaders: Record<string, Record<number, () => Promise<FlowDocument>>>;
}

declare module "virtual:step-validators" {
  import type { ValidatorModule } from "../engine/react/types";
  /** A step's precompiled validator; key is "<stepId>" or "<stepId>:<variant>". */
  export function loadStepValidator(flowId: string, version: number, key: string): Promise<ValidatorModule>;
}

declare module "virtual:articles" {
  import type { ArticleSummary } from "./build/contentPlugin";
  export const articles: ArticleSummary[];
  export const loaders: Record<string, () => Promise<{ default: { html: string } }>>;
}

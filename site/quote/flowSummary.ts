/** What the site knows of a flow before loading a version (the build's flow manifest lists one per flow). */
export interface FlowSummary {
  id: string;
  path: string;
  title: string;
  serviceType?: string;
  defaultVersion: number;
  weights: Record<string, number>;
  versions: number[];
}

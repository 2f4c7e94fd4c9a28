/**
 * A small line chart as SVG, with no script: a difference day by day with its anytime interval as a band, and the
 * line of no difference. It carries its own title and description for screen readers (the figures are also given as
 * a table beside it); colours are attributes, so the site's Content Security Policy holds. Every text is escaped.
 */
import { escapeMarkup as esc } from "../../engine/core/escapeMarkup";

/** One day's point: the difference so far and its interval. */
export interface ChartPoint {
  label: string;
  value: number;
  low: number;
  high: number;
}

export interface DifferenceChart {
  /** Unique in the page: the title's and description's ids are made from it. */
  id: string;
  title: string;
  description: string;
  /** In day order; a day with no figure yet is left out of the line. */
  points: ReadonlyArray<ChartPoint | null>;
  /** Every day's label, in order (the x axis). */
  labels: readonly string[];
  /** How a y value reads ("+£0.20", "+1.50"). */
  format: (y: number) => string;
}

const WIDTH = 560;
const HEIGHT = 220;
const PAD = { left: 72, right: 16, top: 16, bottom: 36 };

/** The chart's markup: an `<svg role="img">` labelled by its title and description. */
export function differenceChartSvg(chart: DifferenceChart): string {
  const drawn = chart.points.flatMap((p, i) => (p ? [{ ...p, i }] : []));
  const ys = [0, ...drawn.flatMap((p) => [p.low, p.high])];
  let [min, max] = [Math.min(...ys), Math.max(...ys)];
  if (max === min) [min, max] = [min - 1, max + 1];
  const span = max - min;
  [min, max] = [min - span * 0.05, max + span * 0.05];
  const days = Math.max(chart.labels.length - 1, 1);
  const x = (i: number) => PAD.left + ((WIDTH - PAD.left - PAD.right) * i) / days;
  const y = (v: number) => PAD.top + ((HEIGHT - PAD.top - PAD.bottom) * (max - v)) / (max - min);
  const at = (n: number) => n.toFixed(1);
  const band = drawn.length > 0 ? [...drawn.map((p) => `${at(x(p.i))},${at(y(p.high))}`), ...[...drawn].reverse().map((p) => `${at(x(p.i))},${at(y(p.low))}`)].join(" ") : "";
  const line = drawn.map((p) => `${at(x(p.i))},${at(y(p.value))}`).join(" ");
  const ticks = [max - span * 0.05, 0, min + span * 0.05].filter((v, i, all) => all.indexOf(v) === i);
  const xLabels = chart.labels.length <= 1 ? [0] : [0, chart.labels.length - 1];
  return `<svg role="img" aria-labelledby="${esc(chart.id)}-title ${esc(chart.id)}-desc" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" style="max-width:100%;height:auto">
<title id="${esc(chart.id)}-title">${esc(chart.title)}</title>
<desc id="${esc(chart.id)}-desc">${esc(chart.description)}</desc>
<rect x="${PAD.left}" y="${PAD.top}" width="${WIDTH - PAD.left - PAD.right}" height="${HEIGHT - PAD.top - PAD.bottom}" fill="#fafbfc" stroke="#d0d7de"/>
${band ? `<polygon points="${band}" fill="#cfe0f5" stroke="none"/>\n` : ""}<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${at(y(0))}" y2="${at(y(0))}" stroke="#505a63" stroke-dasharray="4 3"/>
${line ? `<polyline points="${line}" fill="none" stroke="#1f5fa8" stroke-width="2"/>\n` : ""}${drawn.map((p) => `<circle cx="${at(x(p.i))}" cy="${at(y(p.value))}" r="3" fill="#1f5fa8"/>`).join("")}
${ticks.map((v) => `<text x="${PAD.left - 6}" y="${at(y(v) + 4)}" text-anchor="end" font-size="12" fill="#1b1f23">${esc(chart.format(v))}</text>`).join("\n")}
${xLabels.map((i) => `<text x="${at(x(i))}" y="${HEIGHT - 12}" text-anchor="${i === 0 && chart.labels.length > 1 ? "start" : "end"}" font-size="12" fill="#1b1f23">${esc(chart.labels[i] ?? "")}</text>`).join("\n")}
</svg>`;
}

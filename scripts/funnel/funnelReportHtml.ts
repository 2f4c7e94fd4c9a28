/**
 * The funnel report as one self-contained HTML file: per version, a bar chart (inline SVG) of the steps in the
 * order most visitors meet them, with the share lost at each, beside a table of the same numbers, the conversion
 * with its interval and the test against the default. No scripts.
 */
import { escapeMarkup, toolPageStart } from "../../engine/core/escapeMarkup";
import { percent, testSentence, type FunnelReport, type VersionFunnel } from "./funnelReport";

const BAR_AREA = 360;
const LABEL_W = 170;
const ROW_H = 26;

/** The report as an HTML document. */
export function funnelReportHtml(report: FunnelReport): string {
  const title = `Funnel for ${report.flowId}`;
  const period = report.since ? `since ${report.since}` : "all days";
  return `${toolPageStart(title)}
<style>
body{font-family:system-ui,Arial,sans-serif;color:#1b1f23;margin:2rem auto;max-width:64rem;padding:0 1rem;line-height:1.45}
section{border-top:1px solid #c9d1d9;padding:1rem 0}
.pair{display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start}
table{border-collapse:collapse}
th,td{padding:.2rem .6rem;border-bottom:1px solid #e1e4e8;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding-bottom:.3rem}
svg text{font-size:12px;fill:#1b1f23}
</style>
</head>
<body>
<h1>${escapeMarkup(title)}</h1>
<p>Counts ${escapeMarkup(period)} (London dates). Conversion is leads divided by starts, with its 95% Wilson interval; each version is compared with the default, v${report.defaultVersion}, by a two-proportion z-test.</p>
${report.versions.map((v) => versionSection(report, v)).join("\n")}
</body>
</html>
`;
}

function versionSection(report: FunnelReport, v: VersionFunnel): string {
  const heading = `v${v.version}${v.isDefault ? " (default)" : ""}${v.inForms ? "" : " (no longer in forms/)"}`;
  const rows = funnelRows(v);
  const conversion = v.interval ? `${percent(v.conversion)} (95% interval ${percent(v.interval.low)} to ${percent(v.interval.high)})` : "no starts yet";
  const test = v.isDefault ? "" : `<p>Against the default: ${v.vsDefault ? escapeMarkup(testSentence(v.vsDefault, report.defaultVersion)) : "needs starts on both versions"}.</p>`;
  return `<section aria-labelledby="v${v.version}">
<h2 id="v${v.version}">${escapeMarkup(heading)}</h2>
<p>Conversion: ${escapeMarkup(conversion)}.</p>
${test}
<div class="pair">
${funnelChart(v, rows)}
<table>
<caption>v${v.version} funnel, in numbers</caption>
<thead><tr><th scope="col">Stage</th><th scope="col">Count</th><th scope="col">Drop-off</th></tr></thead>
<tbody>
${rows.map(({ label, count, dropOff }) => `<tr><th scope="row">${escapeMarkup(label)}</th><td class="n">${count}</td><td class="n">${dropOff === undefined ? "" : percent(dropOff)}</td></tr>`).join("\n")}
</tbody>
</table>
</div>
</section>`;
}

interface FunnelRow {
  label: string;
  count: number;
  dropOff?: number;
}

/** The funnel's stages in order: starts, each step along the usual path then the others, submits, leads. */
function funnelRows(v: VersionFunnel): FunnelRow[] {
  return [
    { label: "Starts", count: v.starts },
    ...v.steps.map((s): FunnelRow => ({ label: `${s.onPath ? "Step" : "Other step"} ${s.stepId}`, count: s.reached, ...(s.dropOff === undefined ? {} : { dropOff: s.dropOff }) })),
    { label: "Submits", count: v.submits },
    { label: "Leads", count: v.leads },
  ];
}

function funnelChart(v: VersionFunnel, rows: FunnelRow[]): string {
  const max = Math.max(1, ...rows.map((row) => row.count));
  const width = LABEL_W + BAR_AREA + 130;
  const height = rows.length * ROW_H + 8;
  const bars = rows.map(({ label, count, dropOff }, i) => {
    const y = 4 + i * ROW_H;
    const w = Math.round((count / max) * BAR_AREA);
    const colour = label === "Leads" ? "#1a7f37" : label === "Starts" ? "#0b4f8a" : label.startsWith("Other") ? "#9fb6cf" : "#5a8fc3";
    const value = dropOff === undefined ? String(count) : `${count} · ${percent(dropOff)} drop-off`;
    return `<text x="${LABEL_W - 8}" y="${y + 16}" text-anchor="end">${escapeMarkup(label)}</text><rect x="${LABEL_W}" y="${y + 3}" width="${w}" height="${ROW_H - 8}" fill="${colour}"/><text x="${LABEL_W + w + 6}" y="${y + 16}">${escapeMarkup(value)}</text>`;
  });
  const summary = `v${v.version} funnel chart: ${v.starts} starts, ${v.submits} submits, ${v.leads} leads; the table beside it has every stage`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeMarkup(summary)}">
${bars.join("\n")}
</svg>`;
}

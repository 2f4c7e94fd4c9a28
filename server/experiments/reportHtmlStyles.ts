/** The inline styles the experiment report's HTML shares (attributes, never a style sheet: the site's Content Security Policy allows no other). */
export const cell = "padding:.2rem .6rem;border-bottom:1px solid #e1e4e8;text-align:left";
export const num = "padding:.2rem .6rem;border-bottom:1px solid #e1e4e8;text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap";
export const caption = "text-align:left;font-weight:600;padding:.25rem 0";
export const tableStyle = "border-collapse:collapse;margin:.5rem 0 1rem";
export const broken = "background:#fde8e7;border-left:4px solid #b3261e;padding:.5rem .75rem;margin:.5rem 0";
export const muted = "color:#505a63";

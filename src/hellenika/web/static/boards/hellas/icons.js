// The game's pieces as small SVG drawings, each centred on (x, y) and scaled by k (1 = about 20 units).
import { svg, text } from "../../js/svg.js";

export const INK = "#2b2620";
export const MARBLE = { light: "#fdfbf6", mid: "#e7e2d6", dark: "#cdc6b6", line: "#8a8170" };
export const GOLD = "#c9a227";
export const WORKER = "#6b4226";

// Dark or light text, whichever reads on the given fill.
export function inkOn(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return "#fff";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16) / 255);
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.6 ? INK : "#fff";
}

// A group at (x, y) scaled by k; a class given in attrs is added to the drawing's own classes.
function at(x, y, k, children, attrs = {}) {
  const { class: own, extra, ...rest } = attrs;
  const cls = [own, extra].filter(Boolean).join(" ") || null;
  return svg("g", { transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${k.toFixed(3)})`, ...rest, class: cls }, children);
}

function label(value, y, colour, size) {
  if (value === undefined || value === null) return null;
  return text(0, y, value, {
    "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: inkOn(colour), "pointer-events": "none",
  });
}

export function house(x, y, k, colour, mark, attrs = {}) {
  return at(x, y, k, [
    svg("path", {
      d: "M-10,0 L0,-10 L10,0 L7.5,0 L7.5,10 L-7.5,10 L-7.5,0 Z",
      fill: colour, stroke: INK, "stroke-width": 1.3, "stroke-linejoin": "round",
    }),
    label(mark, 8.3, colour, 8.5),
  ], { ...attrs, class: "hx-piece hx-house", extra: attrs.class });
}

export function square(x, y, k, colour, mark, attrs = {}) {
  return at(x, y, k, [
    svg("rect", { x: -9.5, y: -9.5, width: 19, height: 19, rx: 2.5, fill: colour, stroke: INK, "stroke-width": 1.3 }),
    svg("rect", {
      x: -6, y: -6, width: 12, height: 12, rx: 1, fill: "none", stroke: "rgba(255,255,255,.65)", "stroke-width": 1.2,
    }),
    label(mark, 3, colour, 8.5),
  ], { ...attrs, class: "hx-piece hx-square", extra: attrs.class });
}

export function palace(x, y, k, colour, mark, attrs = {}) {
  const columns = [-7.5, -2.5, 2.5, 7.5].map((cx) =>
    svg("rect", { x: cx - 1.1, y: -1, width: 2.2, height: 9, fill: "rgba(255,255,255,.8)" }));
  return at(x, y, k, [
    svg("path", { d: "M-13,-2 L0,-12 L13,-2 Z", fill: colour, stroke: INK, "stroke-width": 1.3, "stroke-linejoin": "round" }),
    svg("rect", { x: -11.5, y: -2, width: 23, height: 11, fill: colour, stroke: INK, "stroke-width": 1.3 }),
    ...columns,
    svg("rect", { x: -14, y: 9, width: 28, height: 3.5, rx: 0.8, fill: colour, stroke: INK, "stroke-width": 1.3 }),
    label(mark, -3.6, colour, 6.5),
  ], { ...attrs, class: "hx-piece hx-palace", extra: attrs.class });
}

export function statue(x, y, k, attrs = {}) {
  return at(x, y, k, [
    svg("rect", { x: -7, y: 7, width: 14, height: 5, rx: 1, fill: "#a39c8e", stroke: "#6f685c", "stroke-width": 1 }),
    svg("path", {
      d: "M-4.5,7 L-3.5,-3 Q0,-5.5 3.5,-3 L4.5,7 Z", fill: MARBLE.light, stroke: "#7d776c", "stroke-width": 1,
    }),
    svg("path", { d: "M3,-2 L7,-9", stroke: "#7d776c", "stroke-width": 2.6, "stroke-linecap": "round" }),
    svg("path", { d: "M3,-2 L7,-9", stroke: MARBLE.light, "stroke-width": 1.4, "stroke-linecap": "round" }),
    svg("circle", { cx: 0, cy: -7.5, r: 3.4, fill: MARBLE.light, stroke: "#7d776c", "stroke-width": 1 }),
  ], { ...attrs, class: "hx-piece hx-statue", extra: attrs.class });
}

export function worker(x, y, k, attrs = {}) {
  return at(x, y, k, [
    svg("path", {
      d: "M0,-11 a4,4 0 1 1 -0.01,0 Z M-3.5,-3 L3.5,-3 L5.5,4 L7,10 L-7,10 L-5.5,4 Z",
      fill: WORKER, stroke: "#f7f3ea", "stroke-width": 1.3, "stroke-linejoin": "round",
    }),
    svg("circle", { cx: 0, cy: -7, r: 4, fill: WORKER, stroke: "#f7f3ea", "stroke-width": 1.3 }),
  ], { ...attrs, class: "hx-worker", extra: attrs.class });
}

export function ring(x, y, k, attrs = {}) {
  return at(x, y, k, [
    svg("circle", { r: 6.5, fill: "none", stroke: "#8a6d10", "stroke-width": 4 }),
    svg("circle", { r: 6.5, fill: "none", stroke: GOLD, "stroke-width": 2.6 }),
    svg("path", { d: "M-4,-4 A6,6 0 0 1 2,-6", fill: "none", stroke: "#f7e7a1", "stroke-width": 1.2 }),
  ], { ...attrs, class: "hx-ring", extra: attrs.class });
}

export function marbleCube(x, y, k, attrs = {}) {
  return at(x, y, k, [
    svg("path", { d: "M0,-8 L7,-4 L0,0 L-7,-4 Z", fill: MARBLE.light, stroke: MARBLE.line, "stroke-width": 0.9 }),
    svg("path", { d: "M-7,-4 L0,0 L0,8 L-7,4 Z", fill: MARBLE.mid, stroke: MARBLE.line, "stroke-width": 0.9 }),
    svg("path", { d: "M7,-4 L0,0 L0,8 L7,4 Z", fill: MARBLE.dark, stroke: MARBLE.line, "stroke-width": 0.9 }),
  ], { ...attrs, class: "hx-marble", extra: attrs.class });
}

export function pillar(x, y, k, filled = true, attrs = {}) {
  return at(x, y, k, [
    svg("rect", {
      x: -2.2, y: -7, width: 4.4, height: 14, rx: 0.6,
      fill: filled ? MARBLE.light : "none", stroke: filled ? MARBLE.line : "#9b9282",
      "stroke-width": 1, "stroke-dasharray": filled ? null : "1.6 1.4",
    }),
    filled ? svg("rect", { x: -3.2, y: -8.5, width: 6.4, height: 2, fill: MARBLE.light, stroke: MARBLE.line, "stroke-width": 0.8 }) : null,
  ], { ...attrs, class: filled ? "hx-pillar" : "hx-slot", extra: attrs.class });
}

export function markerDisc(x, y, k, colour, mark, attrs = {}) {
  return at(x, y, k, [
    svg("circle", { r: 10, fill: colour, stroke: "#fff", "stroke-width": 2 }),
    svg("circle", { r: 10, fill: "none", stroke: INK, "stroke-width": 0.8, opacity: 0.6 }),
    label(mark, 4, colour, 11),
  ], attrs);
}

// Quarry tiles: face up (number and yield), face down (closed), stacked by the pile's height.
const YIELD_FILL = { 1: "#f1ede4", 2: "#e6cf8f", 3: "#d9a63c" };

export function tile(x, y, k, value, yieldValue, pile = 1, attrs = {}) {
  const fill = YIELD_FILL[yieldValue] || YIELD_FILL[1];
  const stack = [];
  for (let i = Math.min(pile, 5) - 1; i > 0; i -= 1) {
    stack.push(svg("rect", { x: -12 + i * 1.6, y: -12 + i * 1.6, width: 24, height: 24, rx: 3, fill: "#bdb6a6", stroke: "#6f685c", "stroke-width": 0.8 }));
  }
  const pips = [];
  for (let i = 0; i < (yieldValue || 0); i += 1) {
    pips.push(svg("circle", { cx: (i - (yieldValue - 1) / 2) * 5, cy: 7.5, r: 1.8, fill: INK }));
  }
  return at(x, y, k, [
    ...stack,
    svg("rect", { x: -12, y: -12, width: 24, height: 24, rx: 3, fill, stroke: INK, "stroke-width": 1.2 }),
    text(0, 3, value, { "text-anchor": "middle", "font-size": 12.5, "font-weight": 800, fill: INK }),
    ...pips,
  ], { ...attrs, class: "hx-tile", extra: attrs.class });
}

export function tileBack(x, y, k, pile = 1, attrs = {}) {
  const stack = [];
  for (let i = Math.min(pile, 5) - 1; i > 0; i -= 1) {
    stack.push(svg("rect", { x: -12 + i * 1.6, y: -12 + i * 1.6, width: 24, height: 24, rx: 3, fill: "#4a4640", stroke: "#2b2620", "stroke-width": 0.8 }));
  }
  return at(x, y, k, [
    ...stack,
    svg("rect", { x: -12, y: -12, width: 24, height: 24, rx: 3, fill: "#5d5850", stroke: INK, "stroke-width": 1.2 }),
    svg("path", { d: "M-7,-7 L7,7 M7,-7 L-7,7", stroke: "#8c857a", "stroke-width": 1.6, "stroke-linecap": "round" }),
    svg("rect", { x: -8.5, y: -8.5, width: 17, height: 17, rx: 1.5, fill: "none", stroke: "#8c857a", "stroke-width": 0.8 }),
  ], { ...attrs, class: "hx-tile-back", extra: attrs.class });
}

// A temple: pediment, a row of pillar slots (filled ones in marble), steps.
export function temple(x, y, k, slots, pillars, attrs = {}) {
  const width = Math.max(26, slots * 5 + 4);
  const half = width / 2;
  const parts = [
    svg("path", {
      d: `M${-half - 2},-8 L0,-17 L${half + 2},-8 Z`, fill: MARBLE.mid, stroke: MARBLE.line, "stroke-width": 1, "stroke-linejoin": "round",
    }),
    svg("rect", { x: -half - 1, y: -8, width: width + 2, height: 3, fill: MARBLE.light, stroke: MARBLE.line, "stroke-width": 0.9 }),
    svg("rect", { x: -half - 2, y: 8, width: width + 4, height: 3.2, fill: MARBLE.mid, stroke: MARBLE.line, "stroke-width": 0.9 }),
  ];
  for (let i = 0; i < slots; i += 1) {
    const cx = -half + 2 + 2.5 + i * 5;
    const filled = i < pillars;
    parts.push(svg("rect", {
      x: cx - 1.6, y: -4.5, width: 3.2, height: 12.3, rx: 0.5,
      fill: filled ? MARBLE.light : "rgba(255,255,255,.15)", stroke: filled ? "#6f685c" : "#a59b89",
      "stroke-width": filled ? 0.9 : 0.7, "stroke-dasharray": filled ? null : "1.5 1.2",
      class: filled ? "hx-pillar" : "hx-slot",
    }));
  }
  return at(x, y, k, parts, { ...attrs, class: "hx-temple", extra: attrs.class });
}

export function pieceIcon(kind, x, y, k, colour, mark, attrs = {}) {
  if (kind === "house") return house(x, y, k, colour, mark, attrs);
  if (kind === "square") return square(x, y, k, colour, mark, attrs);
  if (kind === "palace") return palace(x, y, k, colour, mark, attrs);
  return statue(x, y, k, attrs);
}

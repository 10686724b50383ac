// Hercules board: the pieces (cubes, Apprentices, dice) and the small pictures (wing, vase, bolt, temple).
import { svg, text } from "../../js/svg.js";
import { INK, SANS, SYMBOL_COLOURS, SYMBOL_GLYPHS, shade } from "./theme.js";

// Text that never overflows `max` units: long strings are condensed to fit.
export function label(x, y, content, attrs = {}, max = 0) {
  const size = Number(attrs["font-size"] || 12);
  const factor = attrs["font-weight"] === "bold" || attrs["font-weight"] === 700 ? 0.62 : 0.56;
  const node = text(x, y, content, attrs);
  if (max && String(content).length * size * factor > max) {
    node.setAttribute("textLength", String(max));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

// A wooden cube seen slightly from above, centred on (x, y).
export function cube(x, y, size, colour, attrs = {}) {
  const h = size / 2;
  const top = size * 0.22;
  return svg("g", { ...attrs }, [
    svg("rect", { x: x - h, y: y - h, width: size, height: size, rx: size * 0.14, fill: shade(colour, -0.25) }),
    svg("rect", { x: x - h, y: y - h, width: size, height: size - top * 0.9, rx: size * 0.14, fill: colour }),
    svg("rect", {
      x: x - h + size * 0.14, y: y - h + size * 0.12, width: size * 0.72, height: size * 0.16, rx: size * 0.08,
      fill: "#ffffff", opacity: 0.28,
    }),
  ]);
}

// An Apprentice pawn standing on (x, y) (bottom centre), `height` tall.
export function pawn(x, y, height, colour, attrs = {}) {
  const s = height / 28;
  const path = [
    `M ${x - 9 * s} ${y}`,
    `L ${x + 9 * s} ${y}`,
    `Q ${x + 9 * s} ${y - 4 * s} ${x + 5 * s} ${y - 6 * s}`,
    `L ${x + 3.2 * s} ${y - 15 * s}`,
    `Q ${x + 7 * s} ${y - 17 * s} ${x + 6.5 * s} ${y - 21 * s}`,
    `A ${6.5 * s} ${6.5 * s} 0 1 0 ${x - 6.5 * s} ${y - 21 * s}`,
    `Q ${x - 7 * s} ${y - 17 * s} ${x - 3.2 * s} ${y - 15 * s}`,
    `L ${x - 5 * s} ${y - 6 * s}`,
    `Q ${x - 9 * s} ${y - 4 * s} ${x - 9 * s} ${y}`,
    "Z",
  ].join(" ");
  return svg("g", { ...attrs }, [
    svg("ellipse", { cx: x, cy: y, rx: 10 * s, ry: 2.4 * s, fill: "#000", opacity: 0.18 }),
    svg("path", { d: path, fill: colour, stroke: shade(colour, -0.45), "stroke-width": 1.1 * s }),
    svg("ellipse", { cx: x - 2.2 * s, cy: y - 23.5 * s, rx: 2 * s, ry: 2.6 * s, fill: "#fff", opacity: 0.35 }),
  ]);
}

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// A die with its top face `value`, top-left corner at (x, y).
export function die(x, y, size, value, fill, pip, attrs = {}) {
  const children = [
    svg("rect", { x: x + 1, y: y + 2, width: size, height: size, rx: size * 0.2, fill: "#000", opacity: 0.16 }),
    svg("rect", {
      x, y, width: size, height: size, rx: size * 0.2, fill, stroke: shade(fill, -0.35), "stroke-width": Math.max(1, size / 28),
    }),
  ];
  const off = size * 0.26;
  for (const [dx, dy] of PIPS[value] || []) {
    children.push(svg("circle", { cx: x + size / 2 + dx * off, cy: y + size / 2 + dy * off, r: size * 0.09, fill: pip }));
  }
  if (!PIPS[value]) children.push(text(x + size / 2, y + size * 0.68, value ?? "?", { "text-anchor": "middle", "font-size": size * 0.5, fill: pip }));
  return svg("g", { ...attrs }, children);
}

// A symbol of the scoring track: + − × ÷ written, the black die drawn; centred on (x, y).
export function symbolMark(index, x, y, size, colour = null) {
  const ink = colour || SYMBOL_COLOURS[index];
  if (index === 4) {
    const s = size * 0.78;
    return die(x - s / 2, y - s / 2, s, 5, ink, "#fff");
  }
  return text(x, y + size * 0.36, SYMBOL_GLYPHS[index], {
    "text-anchor": "middle", "font-size": size * 1.05, "font-weight": "bold", fill: ink, "font-family": SANS,
  });
}

// Pegasus' wing, centred on (x, y).
export function wing(x, y, size, fill = "#fff", stroke = INK) {
  const s = size / 24;
  const d = [
    `M ${x - 11 * s} ${y + 7 * s}`,
    `C ${x - 6 * s} ${y - 4 * s} ${x + 2 * s} ${y - 10 * s} ${x + 12 * s} ${y - 9 * s}`,
    `C ${x + 9 * s} ${y - 6 * s} ${x + 8 * s} ${y - 4 * s} ${x + 9 * s} ${y - 3 * s}`,
    `C ${x + 5 * s} ${y - 3 * s} ${x + 3 * s} ${y - 1 * s} ${x + 6 * s} ${y + 1 * s}`,
    `C ${x + 2 * s} ${y + 1 * s} ${x} ${y + 3 * s} ${x + 2 * s} ${y + 5 * s}`,
    `C ${x - 3 * s} ${y + 5 * s} ${x - 7 * s} ${y + 6 * s} ${x - 11 * s} ${y + 7 * s}`,
    "Z",
  ].join(" ");
  return svg("path", { d, fill, stroke, "stroke-width": 1.2 * s, "stroke-linejoin": "round" });
}

// A Greek amphora, centred on (x, y), `size` tall.
export function amphora(x, y, size, fill) {
  const s = size / 40;
  const d = [
    `M ${x - 5 * s} ${y - 20 * s}`, `L ${x + 5 * s} ${y - 20 * s}`, `L ${x + 4 * s} ${y - 16 * s}`,
    `Q ${x + 4 * s} ${y - 13 * s} ${x + 7 * s} ${y - 12 * s}`,
    `Q ${x + 14 * s} ${y - 8 * s} ${x + 12 * s} ${y + 4 * s}`,
    `Q ${x + 10 * s} ${y + 13 * s} ${x + 5 * s} ${y + 16 * s}`,
    `L ${x + 6 * s} ${y + 20 * s}`, `L ${x - 6 * s} ${y + 20 * s}`, `L ${x - 5 * s} ${y + 16 * s}`,
    `Q ${x - 10 * s} ${y + 13 * s} ${x - 12 * s} ${y + 4 * s}`,
    `Q ${x - 14 * s} ${y - 8 * s} ${x - 7 * s} ${y - 12 * s}`,
    `Q ${x - 4 * s} ${y - 13 * s} ${x - 4 * s} ${y - 16 * s}`, "Z",
  ].join(" ");
  const handles = `M ${x - 7 * s} ${y - 11 * s} Q ${x - 14 * s} ${y - 16 * s} ${x - 10 * s} ${y - 3 * s} M ${x + 7 * s} ${y - 11 * s} Q ${x + 14 * s} ${y - 16 * s} ${x + 10 * s} ${y - 3 * s}`;
  return svg("g", {}, [
    svg("path", { d: handles, fill: "none", stroke: fill, "stroke-width": 2 * s }),
    svg("path", { d, fill }),
    svg("path", { d: `M ${x - 11 * s} ${y} H ${x + 11 * s} M ${x - 10 * s} ${y + 6 * s} H ${x + 10 * s}`, stroke: "#e8c9a8", "stroke-width": 1.2 * s, opacity: 0.8 }),
  ]);
}

// Zeus' thunderbolt, centred on (x, y).
export function bolt(x, y, size, fill) {
  const s = size / 24;
  const d = `M ${x + 3 * s} ${y - 12 * s} L ${x - 6 * s} ${y + 1 * s} L ${x - 0.5 * s} ${y + 1 * s} L ${x - 4 * s} ${y + 12 * s} L ${x + 7 * s} ${y - 3 * s} L ${x + 1 * s} ${y - 3 * s} Z`;
  return svg("path", { d, fill, stroke: shade(fill, -0.4), "stroke-width": 0.8 * s, "stroke-linejoin": "round" });
}

// A small temple (the Pantheon), centred on (x, y).
export function temple(x, y, size, fill) {
  const s = size / 24;
  const parts = [
    svg("path", { d: `M ${x - 11 * s} ${y - 5 * s} L ${x} ${y - 11 * s} L ${x + 11 * s} ${y - 5 * s} Z`, fill }),
    svg("rect", { x: x - 11 * s, y: y + 8 * s, width: 22 * s, height: 2.5 * s, fill }),
  ];
  for (const dx of [-8, -3, 2, 7]) {
    parts.push(svg("rect", { x: x + (dx - 0.5) * s, y: y - 4 * s, width: 2.2 * s, height: 12 * s, fill }));
  }
  return svg("g", {}, parts);
}

// A helmet for Hades, centred on (x, y).
export function helm(x, y, size, fill) {
  const s = size / 24;
  const d = `M ${x - 9 * s} ${y + 10 * s} L ${x - 9 * s} ${y - 2 * s} Q ${x - 9 * s} ${y - 11 * s} ${x} ${y - 11 * s} Q ${x + 9 * s} ${y - 11 * s} ${x + 9 * s} ${y - 2 * s} L ${x + 9 * s} ${y + 10 * s} L ${x + 3 * s} ${y + 10 * s} L ${x + 3 * s} ${y + 1 * s} L ${x - 3 * s} ${y + 1 * s} L ${x - 3 * s} ${y + 10 * s} Z`;
  return svg("g", {}, [
    svg("path", { d, fill }),
    svg("path", { d: `M ${x} ${y - 11 * s} Q ${x + 8 * s} ${y - 18 * s} ${x + 13 * s} ${y - 12 * s}`, fill: "none", stroke: "#c0392b", "stroke-width": 2.4 * s }),
  ]);
}

// A laurel-ringed victory point badge centred on (x, y).
export function vpBadge(x, y, r, vp, fill = "#f4e3a1") {
  return svg("g", {}, [
    svg("circle", { cx: x, cy: y, r, fill, stroke: "#a88420", "stroke-width": 1.2 }),
    text(x, y + r * 0.38, vp, { "text-anchor": "middle", "font-size": r * 1.05, "font-weight": "bold", fill: INK, "font-family": SANS }),
  ]);
}

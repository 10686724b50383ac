// Attika's artwork: landscape symbols, shrines, building discs, landscape cards, amphorae, stacks.
// Every drawing is a small SVG group; icons are drawn in a unit box (-1..1) and scaled into place.
import { svg, text } from "../../js/svg.js";

export const LANDSCAPES = ["W", "M", "F", "H"];
export const LAND = {
  W: { name: "water", tint: "#cfe3f1", ink: "#2a73b0", card: "#3f86c2" },
  M: { name: "mountain", tint: "#dfdcd7", ink: "#62656e", card: "#7a7d86" },
  F: { name: "forest", tint: "#d2e6c3", ink: "#2c7537", card: "#3d8c47" },
  H: { name: "hill", tint: "#f1dfb1", ink: "#a8721c", card: "#c48a2c" },
};
export const BLANK_TINT = "#efe6d0";
export const INK = "#2b2620";
export const MUTED = "#7a7164";
export const PARCHMENT = "#f6efdf";
export const ACCENT = "#1f5f8b";
export const GOLD = "#e0a526";

function unitGroup(x, y, scale, children, attrs = {}) {
  return svg("g", { transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(3)})`, ...attrs }, children);
}

// The landscape symbol of one type, centred on (x, y), about 2*scale wide.
export function landscapeIcon(type, x, y, scale, colour) {
  const ink = colour || LAND[type].ink;
  let parts = [];
  if (type === "W") {
    const wave = (wy) => svg("path", {
      d: `M -0.85 ${wy} q 0.2125 -0.28 0.425 0 t 0.425 0 t 0.425 0 t 0.425 0`,
      fill: "none", stroke: ink, "stroke-width": 0.17, "stroke-linecap": "round",
    });
    parts = [wave(-0.22), wave(0.3)];
  } else if (type === "M") {
    parts = [
      svg("path", { d: "M -0.05 0.62 L 0.42 -0.12 L 0.92 0.62 Z", fill: ink, opacity: 0.75 }),
      svg("path", { d: "M -0.92 0.62 L -0.2 -0.62 L 0.52 0.62 Z", fill: ink }),
      svg("path", { d: "M -0.2 -0.62 L -0.4 -0.28 L -0.28 -0.33 L -0.2 -0.22 L -0.1 -0.34 L 0 -0.28 Z", fill: "#fff" }),
    ];
  } else if (type === "F") {
    const tree = (cx, top, w, base) => [
      svg("rect", { x: cx - 0.07, y: base - 0.02, width: 0.14, height: 0.2, fill: "#6b4a2b" }),
      svg("path", { d: `M ${cx - w} ${base} L ${cx} ${top} L ${cx + w} ${base} Z`, fill: ink }),
    ];
    parts = [...tree(0.38, -0.55, 0.36, 0.5), ...tree(-0.3, -0.8, 0.42, 0.55)];
  } else if (type === "H") {
    parts = [
      svg("path", { d: "M -0.2 0.55 Q 0.38 -0.32 0.95 0.55 Z", fill: ink, opacity: 0.7 }),
      svg("path", { d: "M -0.95 0.55 Q -0.4 -0.6 0.2 0.55 Z", fill: ink }),
    ];
  }
  return unitGroup(x, y, scale, parts, { class: "attika-symbol", "data-symbol": type });
}

// A shrine: a black hexagon's temple (the hexagon itself is drawn by the map).
export function templeIcon(x, y, scale) {
  const marble = "#f2e3bd";
  const columns = [-0.58, -0.22, 0.14, 0.5].map((cx) =>
    svg("rect", { x: cx, y: -0.2, width: 0.16, height: 0.62, fill: marble }));
  return unitGroup(x, y, scale, [
    svg("path", { d: "M -0.78 -0.3 L 0 -0.78 L 0.78 -0.3 Z", fill: marble }),
    svg("rect", { x: -0.74, y: -0.3, width: 1.48, height: 0.11, fill: marble }),
    ...columns,
    svg("rect", { x: -0.84, y: 0.44, width: 1.68, height: 0.14, fill: marble }),
  ]);
}

// An amphora, centred on (x, y), about 2*scale tall.
export function amphoraIcon(x, y, scale, muted = false) {
  const body = muted ? "#d9cbb6" : "#c2663a";
  const ink = muted ? "#b5a48a" : "#5b2a14";
  return unitGroup(x, y, scale, [
    svg("path", { d: "M -0.16 -0.62 C -0.5 -0.64 -0.52 -0.22 -0.3 -0.14", fill: "none", stroke: ink, "stroke-width": 0.09 }),
    svg("path", { d: "M 0.16 -0.62 C 0.5 -0.64 0.52 -0.22 0.3 -0.14", fill: "none", stroke: ink, "stroke-width": 0.09 }),
    svg("path", {
      d: "M -0.2 -0.86 L 0.2 -0.86 L 0.14 -0.56 C 0.6 -0.4 0.62 0.22 0.2 0.7 L 0.14 0.88 L -0.14 0.88 L -0.2 0.7 C -0.62 0.22 -0.6 -0.4 -0.14 -0.56 Z",
      fill: body, stroke: ink, "stroke-width": 0.07,
    }),
    svg("path", { d: "M -0.45 -0.08 L 0.45 -0.08 M -0.4 0.16 L 0.4 0.16", stroke: ink, "stroke-width": 0.07, opacity: 0.8 }),
  ], { class: "attika-amphora-icon" });
}

// Ink that reads on a player's colour: dark on light colours (gold), white on the others.
export function inkOn(colour) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return "#fff";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 ? "#2b2620" : "#fff";
}

// A building tile on the map: a round disc in the owner's colour with its three-letter code.
// Main buildings (black backs, name white on black) carry a black ring.
export function buildingDisc(x, y, r, colour, building, attrs = {}) {
  const code = building ? building.short : "?";
  const parts = [
    svg("circle", { cx: x, cy: y + r * 0.08, r, fill: "rgba(0,0,0,0.28)" }),
    svg("circle", { cx: x, cy: y, r, fill: colour, stroke: building && building.main ? "#15110d" : "#fff", "stroke-width": building && building.main ? Math.max(2, r * 0.16) : Math.max(1.2, r * 0.08) }),
  ];
  if (building && building.main) {
    parts.push(svg("circle", { cx: x, cy: y, r: r * 0.8, fill: "none", stroke: "rgba(255,255,255,0.55)", "stroke-width": Math.max(0.8, r * 0.05) }));
  }
  parts.push(text(x, y + r * 0.2, code, {
    "text-anchor": "middle", "font-size": (r * 0.62).toFixed(1), "font-weight": 700, fill: inkOn(colour),
    "letter-spacing": "0.02em", "pointer-events": "none",
  }));
  return svg("g", attrs, parts);
}

// A face-down building (the back of a stack's tile): black for the main stack, cream for the others.
export function buildingBack(x, y, r, main, label = "?") {
  return svg("g", {}, [
    svg("circle", { cx: x, cy: y, r, fill: main ? "#1d1915" : "#f4ecd8", stroke: main ? "#000" : "#a99877", "stroke-width": 1.5 }),
    svg("circle", { cx: x, cy: y, r: r * 0.72, fill: "none", stroke: main ? "#6d5f4a" : "#d3c4a2", "stroke-width": 1 }),
    text(x, y + r * 0.3, label, { "text-anchor": "middle", "font-size": (r * 0.85).toFixed(1), "font-weight": 700, fill: main ? "#e8dcc0" : "#8c7b5c" }),
  ]);
}

// The printed cost of a building as small symbol pips (streets: "5 any" as neutral pips).
export function costPips(cost, cx, cy, pip, faded = false) {
  const letters = cost.endsWith("*") ? new Array(parseInt(cost, 10) || 0).fill("*") : cost.split("");
  const gap = pip * 2.5;
  const x0 = cx - ((letters.length - 1) * gap) / 2;
  return svg("g", { opacity: faded ? 0.55 : 1 }, letters.map((l, i) =>
    svg("circle", {
      cx: (x0 + i * gap).toFixed(2), cy, r: pip,
      fill: l === "*" ? "#fff" : LAND[l].card, stroke: l === "*" ? "#8c7b5c" : "rgba(0,0,0,0.35)", "stroke-width": 0.6,
    })));
}

// A face-up landscape card of one type, with how many the viewer holds.
export function landscapeCard(x, y, w, h, type, count) {
  const empty = !count;
  return svg("g", { opacity: empty ? 0.42 : 1 }, [
    svg("rect", { x: x + 1.2, y: y + 1.6, width: w, height: h, rx: 4, fill: "rgba(0,0,0,0.18)" }),
    svg("rect", { x, y, width: w, height: h, rx: 4, fill: "#fffdf7", stroke: "#b9a783", "stroke-width": 1 }),
    svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h * 0.56, rx: 2.5, fill: LAND[type].tint }),
    landscapeIcon(type, x + w / 2, y + 3 + h * 0.28, Math.min(w, h) * 0.27),
    text(x + w / 2, y + h - 5, String(count), {
      "text-anchor": "middle", "font-size": (h * 0.3).toFixed(1), "font-weight": 700, fill: empty ? MUTED : LAND[type].ink,
    }),
  ]);
}

// The back of a landscape card.
export function cardBack(x, y, w, h) {
  return svg("g", {}, [
    svg("rect", { x: x + 1, y: y + 1.5, width: w, height: h, rx: 3.5, fill: "rgba(0,0,0,0.18)" }),
    svg("rect", { x, y, width: w, height: h, rx: 3.5, fill: "#8a3d22", stroke: "#5e2814", "stroke-width": 1 }),
    svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 2, fill: "none", stroke: "#e6c27a", "stroke-width": 0.9 }),
    svg("path", {
      d: `M ${x + w / 2} ${y + h * 0.3} L ${x + w * 0.68} ${y + h / 2} L ${x + w / 2} ${y + h * 0.7} L ${x + w * 0.32} ${y + h / 2} Z`,
      fill: "none", stroke: "#e6c27a", "stroke-width": 0.9,
    }),
  ]);
}

// A stack of building tiles seen from the side: up to 8 discs, the top one showing its back.
export function buildingStack(x, y, height, main, rx = 17) {
  const ry = rx * 0.42;
  const shown = Math.min(height, 8);
  const parts = [];
  if (!height) {
    parts.push(svg("ellipse", { cx: x, cy: y, rx, ry, fill: "none", stroke: "#b9a783", "stroke-width": 1.2, "stroke-dasharray": "3 2.5" }));
    return svg("g", {}, parts);
  }
  for (let i = 0; i < shown; i++) {
    const cy = y - i * 3;
    parts.push(svg("path", {
      d: `M ${x - rx} ${cy} L ${x - rx} ${cy + 3} A ${rx} ${ry} 0 0 0 ${x + rx} ${cy + 3} L ${x + rx} ${cy} Z`,
      fill: main ? "#0f0c09" : "#d9ccae", stroke: main ? "#000" : "#a99877", "stroke-width": 0.8,
    }));
    parts.push(svg("ellipse", {
      cx: x, cy, rx, ry, fill: main ? "#2a241d" : "#f4ecd8", stroke: main ? "#000" : "#a99877", "stroke-width": 0.8,
    }));
  }
  return svg("g", {}, parts);
}

// The mark of a clickable piece: an accent outline that breathes, drawn under or around it.
export function cueRect(x, y, w, h, rx = 6) {
  return svg("rect", { x, y, width: w, height: h, rx, fill: "rgba(31,95,139,0.07)", stroke: ACCENT, "stroke-width": 2, class: "attika-cue attika-pulse" });
}

export function cueCircle(cx, cy, r) {
  return svg("circle", { cx, cy, r, fill: "none", stroke: ACCENT, "stroke-width": 2.4, class: "attika-cue attika-pulse" });
}

// Pieces and emblems for Hellas (Delonge): Greeks, ships, temples, cities, god symbols, cards and tiles.
import { svg, text } from "../../js/svg.js";
import { hexPoints, landPath, rotated } from "./hex.js";

export const GODS = ["zeus", "poseidon", "ares"];
export const GOD_NAMES = { zeus: "Zeus", poseidon: "Poseidon", ares: "Ares" };
export const GOD_COLOURS = { zeus: "#b8862b", poseidon: "#148f77", ares: "#7b4a2e" };
export const GOD_DARK = { zeus: "#7a5612", poseidon: "#0b5a4b", ares: "#4d2c19" };
const TIMING = { own: "your turn", opp: "opponent's turn", any: "any turn" };

function darker(hex, f = 0.62) {
  const n = parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * f));
  return `rgb(${c.join(",")})`;
}

// A Greek: a standing pawn with its foot at (x, y), h units tall.
export function greek(x, y, h, colour, attrs = {}) {
  const s = h / 10;
  return svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)}) scale(${s.toFixed(3)})`, class: "hd-greek", ...attrs }, [
    svg("path", {
      d: "M-3.6,0 C-3.6,-2.4 -2.6,-4.6 -1.5,-5.6 C-2.4,-6.3 -2.8,-7.2 -2.8,-8 C-2.8,-9.4 -1.6,-10.4 0,-10.4 C1.6,-10.4 2.8,-9.4 2.8,-8 C2.8,-7.2 2.4,-6.3 1.5,-5.6 C2.6,-4.6 3.6,-2.4 3.6,0 Z",
      fill: colour, stroke: darker(colour, 0.5), "stroke-width": 0.6, "stroke-linejoin": "round",
    }),
    svg("ellipse", { cx: -0.9, cy: -8.4, rx: 0.8, ry: 0.6, fill: "#fff", opacity: 0.45 }),
  ]);
}

// A ship: a trireme-like hull with a sail, centred at (x, y), w units long.
export function ship(x, y, w, colour, attrs = {}) {
  const s = w / 12;
  return svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)}) scale(${s.toFixed(3)})`, class: "hd-ship", ...attrs }, [
    svg("path", { d: "M0,-7.5 L0,1.2 M0,-7 L4.6,-1.6 L0,-1.6", fill: "#fbf6e9", stroke: "#4a3b28", "stroke-width": 0.5, "stroke-linejoin": "round" }),
    svg("path", {
      d: "M-6.4,1 L6.2,1 C5.6,2.8 4.4,3.8 2.8,3.8 L-3.8,3.8 C-5,3.8 -5.8,2.8 -6.4,1 Z M6.2,1 L7.4,-0.6",
      fill: colour, stroke: darker(colour, 0.5), "stroke-width": 0.6, "stroke-linejoin": "round",
    }),
  ]);
}

export function temple(x, y, w, attrs = {}) {
  const s = w / 12;
  return svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)}) scale(${s.toFixed(3)})`, class: "hd-temple", ...attrs }, [
    svg("path", { d: "M-6,-3 L0,-6.5 L6,-3 Z", fill: "#f7f2e4", stroke: "#6d5d42", "stroke-width": 0.6, "stroke-linejoin": "round" }),
    svg("rect", { x: -5.6, y: -3, width: 11.2, height: 1.2, fill: "#f7f2e4", stroke: "#6d5d42", "stroke-width": 0.5 }),
    ...[-4.2, -1.4, 1.4, 4.2].map((cx) => svg("rect", { x: cx - 0.6, y: -1.8, width: 1.2, height: 5, fill: "#f7f2e4", stroke: "#6d5d42", "stroke-width": 0.4 })),
    svg("rect", { x: -6.2, y: 3.2, width: 12.4, height: 1.4, fill: "#f7f2e4", stroke: "#6d5d42", "stroke-width": 0.5 }),
  ]);
}

// A small Greek town: whitewashed houses around a tower, centred at (x, y), w units wide.
export function city(x, y, w) {
  const s = w / 14;
  const house = (hx, hy, hw, hh, roof) => [
    svg("rect", { x: hx, y: hy, width: hw, height: hh, fill: "#fbf8f1", stroke: "#7a6a50", "stroke-width": 0.5 }),
    svg("path", { d: `M${hx - 0.4},${hy} L${hx + hw / 2},${hy - roof} L${hx + hw + 0.4},${hy} Z`, fill: "#c8643b", stroke: "#7a3a1f", "stroke-width": 0.4 }),
  ];
  return svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)}) scale(${s.toFixed(3)})`, class: "hd-city" }, [
    svg("ellipse", { cx: 0, cy: 3.4, rx: 7.6, ry: 1.6, fill: "#7a6a50", opacity: 0.25 }),
    ...house(-6.5, -1, 4.4, 4.2, 2),
    ...house(2.2, -0.5, 4.4, 3.8, 1.8),
    ...house(-2.4, -4.5, 4.8, 7.8, 2.6),
  ]);
}

// God emblems in a 20-unit box centred at (0, 0).
export function godSymbol(god, colour = "#fff") {
  if (god === "zeus") {
    return svg("path", { d: "M2,-10 L-6,1 L-0.5,1 L-3,10 L6,-2 L0.5,-2 L4,-10 Z", fill: colour, "stroke-linejoin": "round" });
  }
  if (god === "poseidon") {
    return svg("path", {
      d: "M-0.9,10 L-0.9,-2 C-4.5,-2 -6.5,-4 -6.5,-8 L-7.8,-6.5 L-7,-10 L-4.6,-8 L-5.4,-7.4 C-5.2,-5.2 -3.8,-3.9 -0.9,-3.9 L-0.9,-8 L-2.2,-7 L0,-10.6 L2.2,-7 L0.9,-8 L0.9,-3.9 C3.8,-3.9 5.2,-5.2 5.4,-7.4 L4.6,-8 L7,-10 L7.8,-6.5 L6.5,-8 C6.5,-4 4.5,-2 0.9,-2 L0.9,10 Z",
      fill: colour,
    });
  }
  return svg("g", {}, [
    svg("path", { d: "M-7,2 C-7,-6 -3.6,-9.5 0,-9.5 C3.6,-9.5 7,-6 7,2 L7,8 L3,8 L3,1 C3,0 2,-0.4 1,-0.4 L1,8 L-1,8 L-1,-0.4 C-2,-0.4 -3,0 -3,1 L-3,8 L-7,8 Z", fill: colour }),
    svg("path", { d: "M-1,-9.3 C-2,-12 0,-13 4,-11.5 C1.5,-11 0.8,-10.2 1,-9.3 Z", fill: colour }),
  ]);
}

export function cardBack(x, y, w, h, god, attrs = {}) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "hd-card-back", "data-back": god, ...attrs });
  g.append(svg("rect", { width: w, height: h, rx: Math.min(6, w / 8), fill: GOD_COLOURS[god], stroke: GOD_DARK[god], "stroke-width": 1.2 }));
  g.append(svg("rect", { x: 3, y: 3, width: w - 6, height: h - 6, rx: Math.min(4, w / 10), fill: "none", stroke: "#fff", "stroke-opacity": 0.55, "stroke-width": 0.8 }));
  const s = Math.min(w, h) / 30;
  g.append(svg("g", { transform: `translate(${w / 2},${h / 2}) scale(${s.toFixed(3)})` }, [godSymbol(god, "#fdf6e3")]));
  return g;
}

export function wrap(content, perLine, maxLines) {
  const words = String(content).split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && (line + " " + word).length > perLine) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = kept[maxLines - 1].replace(/.{0,2}$/, "…");
    return kept;
  }
  return lines;
}

// A card face: god band, name, short effect, when it may be played.
export function cardFace(x, y, w, h, id, info, opts = {}) {
  const god = info?.god ?? (id[0] === "Z" ? "zeus" : id[0] === "P" ? "poseidon" : "ares");
  const colour = GOD_COLOURS[god];
  const g = svg("g", { transform: `translate(${x},${y})`, class: "hd-card", "data-card": id });
  g.append(svg("rect", { x: 1.5, y: 2.5, width: w, height: h, rx: 7, fill: "#000", opacity: 0.12 }));
  g.append(svg("rect", { width: w, height: h, rx: 7, fill: "#fdf8ec", stroke: GOD_DARK[god], "stroke-width": 1.4 }));
  g.append(svg("path", { d: `M0,7 Q0,0 7,0 L${w - 7},0 Q${w},0 ${w},7 L${w},24 L0,24 Z`, fill: colour }));
  g.append(svg("g", { transform: "translate(13,12) scale(0.85)" }, [godSymbol(god, "#fdf6e3")]));
  g.append(text(w - 7, 16.5, GOD_NAMES[god].toUpperCase(), { "text-anchor": "end", "font-size": 9.5, "font-weight": 700, fill: "#fdf6e3", "letter-spacing": 1 }));
  const name = info?.name ?? id;
  const nameLines = wrap(name, Math.floor(w / 7.6), 2);
  nameLines.forEach((line, i) => g.append(text(w / 2, 42 + i * 15, line, { "text-anchor": "middle", "font-size": 13.5, "font-weight": 700, fill: "#2b2620", "font-family": "Georgia, 'Times New Roman', serif" })));
  const top = 48 + nameLines.length * 15;
  g.append(svg("line", { x1: 10, y1: top - 6, x2: w - 10, y2: top - 6, stroke: colour, "stroke-opacity": 0.5 }));
  if (info?.effect) {
    const lines = wrap(info.effect, Math.floor(w / 5.6), Math.max(1, Math.floor((h - top - 22) / 12)));
    lines.forEach((line, i) => g.append(text(w / 2, top + 8 + i * 12, line, { "text-anchor": "middle", "font-size": 10.5, fill: "#4a4238" })));
  }
  if (info?.timing) {
    g.append(text(w / 2, h - 8, TIMING[info.timing] ?? info.timing, { "text-anchor": "middle", "font-size": 9.5, fill: GOD_DARK[god], "font-style": "italic" }));
  }
  if (opts.fresh) {
    g.append(svg("rect", { width: w, height: h, rx: 7, fill: "#fdf8ec", opacity: 0.55 }));
    g.append(svg("rect", { x: 4, y: h / 2 - 11, width: w - 8, height: 22, rx: 4, fill: "#2b2620", opacity: 0.85 }));
    g.append(text(w / 2, h / 2 + 4, "next turn", { "text-anchor": "middle", "font-size": 11, fill: "#fdf6e3", "font-weight": 700 }));
  }
  if (info?.text) g.append(svg("title", {}, [`${name} (${GOD_NAMES[god]}): ${info.text}`]));
  return g;
}

let miniCount = 0;

// A tile on its own (drawn, under the stack, a rotation to choose), edges already by direction.
export function miniTile(x, y, radius, id, edges, opts = {}) {
  const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-mini-tile", "data-tile": id });
  miniCount += 1;
  const clip = `hd-mini-${miniCount}`;
  g.append(svg("clipPath", { id: clip }, [svg("polygon", { points: hexPoints(radius) })]));
  g.append(svg("polygon", { points: hexPoints(radius), fill: "url(#hd-sea)", stroke: "#3d4b52", "stroke-width": 1 }));
  if (edges) {
    const land = landPath(edges, radius, id);
    g.append(svg("g", { "clip-path": `url(#${clip})` }, [svg("path", { d: land, fill: "url(#hd-land)", stroke: "#a88f55", "stroke-width": 0.8 })]));
  }
  g.append(svg("polygon", { points: hexPoints(radius), fill: "none", stroke: "#3d4b52", "stroke-width": 1 }));
  if (opts.temple) g.append(temple(0, -radius * 0.08, radius * 0.62));
  if (opts.label !== false) {
    g.append(text(0, radius + 12, opts.label ?? id, { "text-anchor": "middle", "font-size": 11, fill: "#4a4238" }));
  }
  return g;
}


export function tileEdges(info, k = 0) {
  return info ? rotated(info.edges, k) : null;
}

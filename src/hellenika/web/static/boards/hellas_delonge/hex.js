// Hex geometry and tile drawing for Hellas (Delonge): pointy-top axial coordinates, the dolphin at (0, 0),
// directions d0 E, d1 SE, d2 SW, d3 W, d4 NW, d5 NE (clockwise, y down), as in the game's hexmap.py.
import { svg } from "../../js/svg.js";

export const SQ3 = Math.sqrt(3);
export const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

export function pixel(q, r, size) {
  return [size * SQ3 * (q + r / 2), size * 1.5 * r];
}

// Corner i sits between the edges facing d = i - 1 and d = i (edge d spans corners d and d + 1).
export function corner(i, radius) {
  const a = (Math.PI / 180) * (60 * i - 30);
  return [radius * Math.cos(a), radius * Math.sin(a)];
}

export function towards(d, distance) {
  const a = (Math.PI / 180) * (60 * d);
  return [distance * Math.cos(a), distance * Math.sin(a)];
}

export function hexPoints(radius) {
  return [0, 1, 2, 3, 4, 5].map((i) => corner(i, radius).map((v) => v.toFixed(2)).join(",")).join(" ");
}

// Edges by direction of a tile laid with k clockwise steps (edges given at rotation 0).
export function rotated(edges, k) {
  return [0, 1, 2, 3, 4, 5].map((d) => edges[(((d - k) % 6) + 6) % 6]).join("");
}

function hash(textValue) {
  let h = 2166136261;
  for (const ch of String(textValue)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

// A closed Catmull-Rom curve through the points, as a path.
function smooth(points) {
  const n = points.length;
  const p = (i) => points[(i + n) % n];
  let d = `M${p(0)[0].toFixed(2)},${p(0)[1].toFixed(2)}`;
  for (let i = 0; i < n; i++) {
    const [a, b, c, e] = [p(i - 1), p(i), p(i + 1), p(i + 2)];
    const c1 = [b[0] + (c[0] - a[0]) / 6, b[1] + (c[1] - a[1]) / 6];
    const c2 = [c[0] - (e[0] - b[0]) / 6, c[1] - (e[1] - b[1]) / 6];
    d += `C${c1[0].toFixed(2)},${c1[1].toFixed(2)} ${c2[0].toFixed(2)},${c2[1].toFixed(2)} ${c[0].toFixed(2)},${c[1].toFixed(2)}`;
  }
  return `${d}Z`;
}

// The land mass of a tile: it reaches every land edge whole and keeps a coast in front of every sea edge, so
// land meets land across tiles and an enclosed bay or a land strip shows as it splits the water.
export function landPath(edges, radius, seed) {
  const h = hash(seed);
  const points = [];
  const apothem = radius * SQ3 / 2;
  for (let d = 0; d < 6; d++) {
    if (edges[d] === "L") {
      const prevLand = edges[(d + 5) % 6] === "L";
      if (!prevLand) points.push(corner(d, radius * 1.04));
      points.push(towards(d, apothem * 1.18));
      points.push(corner(d + 1, radius * 1.04));
    } else {
      const wobble = ((h >> (d * 3)) & 7) / 7;
      points.push(towards(d, radius * (0.36 + 0.1 * wobble)));
    }
  }
  return smooth(points);
}

// One tile in local coordinates (centre 0,0): sea, land, coast, outline. The dolphin gets its emblem.
export function tileShape(tile, radius, clipId) {
  const g = svg("g", { class: "hd-tile" });
  g.append(svg("polygon", { points: hexPoints(radius), fill: "url(#hd-sea)", stroke: "none" }));
  if (tile.tile === "DOL") {
    g.append(dolphin(radius));
  } else if (tile.edges) {
    const land = landPath(tile.edges, radius, tile.tile);
    const clipped = svg("g", { "clip-path": `url(#${clipId})` });
    clipped.append(svg("path", { d: land, fill: "none", stroke: "#eef4f2", "stroke-width": radius * 0.09, "stroke-opacity": 0.55 }));
    clipped.append(svg("path", { d: land, fill: "url(#hd-land)", stroke: "#a88f55", "stroke-width": 1.2 }));
    if (tile.bridge) clipped.append(bridge(tile.edges, radius));
    g.append(clipped);
  }
  g.append(svg("polygon", { points: hexPoints(radius), fill: "none", stroke: "#3d4b52", "stroke-opacity": 0.45, "stroke-width": 1.2 }));
  return g;
}

// A bridge: a channel of water across the land strip, spanned by planks, on the way to the first land edge.
function bridge(edges, radius) {
  const d = edges.indexOf("L");
  const [x, y] = towards(d, radius * 0.5);
  const angle = 60 * d;
  return svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)}) rotate(${angle})` }, [
    svg("rect", { x: -radius * 0.07, y: -radius * 0.42, width: radius * 0.14, height: radius * 0.84, fill: "#5fa3c9" }),
    svg("rect", { x: -radius * 0.12, y: -radius * 0.17, width: radius * 0.24, height: radius * 0.34, rx: 2, fill: "#8d6238", stroke: "#5c3d1e", "stroke-width": 0.8 }),
    svg("line", { x1: -radius * 0.12, y1: -radius * 0.06, x2: radius * 0.12, y2: -radius * 0.06, stroke: "#5c3d1e", "stroke-width": 0.6 }),
    svg("line", { x1: -radius * 0.12, y1: radius * 0.06, x2: radius * 0.12, y2: radius * 0.06, stroke: "#5c3d1e", "stroke-width": 0.6 }),
  ]);
}

function dolphin(radius) {
  const s = radius / 50;
  const body = "M-30,6 C-22,-14 4,-22 22,-10 C28,-6 32,-2 34,2 C30,2 26,1 23,3 C18,10 4,14 -8,12 C-14,16 -20,20 -26,20 C-22,16 -21,12 -22,9 C-25,9 -28,8 -30,6 Z M-2,-17 C0,-26 6,-30 12,-30 C8,-24 8,-19 10,-15 Z";
  return svg("g", { transform: `scale(${s.toFixed(3)})` }, [
    svg("circle", { r: 38, fill: "none", stroke: "#d9eef7", "stroke-width": 2, "stroke-dasharray": "6 5", opacity: 0.7 }),
    svg("path", { d: body, fill: "#eaf6fb", stroke: "#2c6f96", "stroke-width": 1.5, "stroke-linejoin": "round" }),
    svg("circle", { cx: 17, cy: -4, r: 1.8, fill: "#2c6f96" }),
    svg("path", { d: "M-36,28 q6,-5 12,0 t12,0 t12,0 t12,0 t12,0 t12,0", fill: "none", stroke: "#d9eef7", "stroke-width": 1.6, opacity: 0.8 }),
  ]);
}

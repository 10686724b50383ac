// Peloponnes board: the small pictures. Goods and counters (coins, wood, stone, food, luxury goods,
// inhabitants, strength, cloverleaves, power points, mercenaries), the disasters' symbols and the supply
// symbol. Each is drawn in a unit box (-1..1) and scaled to `size` units wide around (x, y).
import { svg } from "../../js/svg.js";
import { GOODS, INK, shade } from "./theme.js";
import { DISASTERS } from "./catalogue.js";

function unit(x, y, size, parts, attrs = {}) {
  const s = size / 2;
  return svg("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${s.toFixed(3)})`, ...attrs }, parts);
}

const DRAW = {
  coins: (c) => [
    svg("circle", { cx: 0, cy: 0.06, r: 0.9, fill: shade(c, -0.35) }),
    svg("circle", { cx: 0, cy: 0, r: 0.9, fill: c }),
    svg("circle", { cx: 0, cy: 0, r: 0.6, fill: "none", stroke: shade(c, -0.3), "stroke-width": 0.12 }),
  ],
  wood: (c) => [
    svg("rect", { x: -0.95, y: -0.45, width: 1.6, height: 0.9, rx: 0.2, fill: c }),
    svg("ellipse", { cx: 0.62, cy: 0, rx: 0.33, ry: 0.45, fill: shade(c, 0.45), stroke: shade(c, -0.3), "stroke-width": 0.1 }),
    svg("ellipse", { cx: 0.62, cy: 0, rx: 0.13, ry: 0.18, fill: "none", stroke: shade(c, -0.3), "stroke-width": 0.08 }),
    svg("path", { d: "M -0.8 -0.15 H 0.1 M -0.6 0.18 H 0.25", stroke: shade(c, -0.35), "stroke-width": 0.08 }),
  ],
  stone: (c) => [
    svg("path", { d: "M -0.9 0.55 L -0.6 -0.5 L 0.35 -0.7 L 0.9 -0.1 L 0.65 0.65 Z", fill: c, stroke: shade(c, -0.4), "stroke-width": 0.1 }),
    svg("path", { d: "M -0.6 -0.5 L 0 -0.1 L 0.9 -0.1 M 0 -0.1 L -0.1 0.6", fill: "none", stroke: shade(c, 0.35), "stroke-width": 0.09 }),
  ],
  food: (c) => [
    svg("path", { d: "M 0 0.95 L 0 -0.2", stroke: shade(c, -0.3), "stroke-width": 0.14 }),
    ...[-0.65, -0.25, 0.15].flatMap((y) => [
      svg("ellipse", { cx: -0.22, cy: y + 0.1, rx: 0.2, ry: 0.34, fill: c, transform: `rotate(-30 -0.22 ${y + 0.1})` }),
      svg("ellipse", { cx: 0.22, cy: y + 0.1, rx: 0.2, ry: 0.34, fill: c, transform: `rotate(30 0.22 ${y + 0.1})` }),
    ]),
    svg("ellipse", { cx: 0, cy: -0.78, rx: 0.17, ry: 0.26, fill: c }),
  ],
  luxury: (c) => [
    svg("path", { d: "M -0.85 -0.25 L -0.45 -0.75 L 0.45 -0.75 L 0.85 -0.25 L 0 0.85 Z", fill: c, stroke: shade(c, -0.4), "stroke-width": 0.08 }),
    svg("path", { d: "M -0.85 -0.25 H 0.85 M -0.45 -0.75 L -0.25 -0.25 L 0 0.85 L 0.25 -0.25 L 0.45 -0.75", fill: "none", stroke: shade(c, 0.45), "stroke-width": 0.07 }),
  ],
  inhabitants: (c) => [
    svg("circle", { cx: 0, cy: -0.5, r: 0.34, fill: c }),
    svg("path", { d: "M -0.72 0.9 Q -0.72 -0.08 0 -0.08 Q 0.72 -0.08 0.72 0.9 Z", fill: c }),
  ],
  strength: (c) => [
    svg("path", { d: "M 0 -0.9 L 0.78 -0.6 Q 0.78 0.45 0 0.92 Q -0.78 0.45 -0.78 -0.6 Z", fill: c, stroke: shade(c, -0.35), "stroke-width": 0.1 }),
    svg("path", { d: "M 0 -0.62 V 0.6 M -0.45 -0.1 H 0.45", stroke: shade(c, 0.6), "stroke-width": 0.14 }),
  ],
  clover: (c) => [
    svg("circle", { cx: 0, cy: -0.42, r: 0.36, fill: c }),
    svg("circle", { cx: -0.4, cy: 0.1, r: 0.36, fill: c }),
    svg("circle", { cx: 0.4, cy: 0.1, r: 0.36, fill: c }),
    svg("path", { d: "M 0 0.05 Q 0.1 0.6 0.35 0.92", fill: "none", stroke: c, "stroke-width": 0.14 }),
  ],
  pp: (c) => [
    // A Greek column: the power points of the tiles.
    svg("rect", { x: -0.8, y: -0.9, width: 1.6, height: 0.26, fill: c }),
    svg("path", { d: "M -0.9 -0.64 H 0.9", stroke: c, "stroke-width": 0.1 }),
    ...[-0.45, 0, 0.45].map((x) => svg("rect", { x: x - 0.13, y: -0.6, width: 0.26, height: 1.22, fill: c })),
    svg("rect", { x: -0.9, y: 0.62, width: 1.8, height: 0.28, fill: c }),
  ],
  mercenaries: (c) => [
    // A spear beside a figure.
    svg("circle", { cx: -0.2, cy: -0.48, r: 0.3, fill: c }),
    svg("path", { d: "M -0.82 0.9 Q -0.82 -0.05 -0.2 -0.05 Q 0.42 -0.05 0.42 0.9 Z", fill: c }),
    svg("path", { d: "M 0.68 0.92 V -0.55", stroke: c, "stroke-width": 0.13 }),
    svg("path", { d: "M 0.68 -0.95 L 0.86 -0.55 L 0.5 -0.55 Z", fill: c }),
  ],
};

// The symbol of a good or counter (a key of GOODS), `size` wide, centred on (x, y).
export function goodIcon(kind, x, y, size, colour) {
  const c = colour || (GOODS[kind] ? GOODS[kind].colour : INK);
  const draw = DRAW[kind] || DRAW.coins;
  return unit(x, y, size, draw(c), { class: "pel-icon", "data-icon": kind });
}

// "Any one good or a coin" (Port, Temple of Apollo): a small four-part disc.
export function choiceIcon(x, y, size) {
  const parts = ["food", "wood", "stone", "coins"].map((k, i) => {
    const a0 = (i * Math.PI) / 2 - Math.PI / 2;
    const a1 = a0 + Math.PI / 2;
    const p = (a) => `${(0.9 * Math.cos(a)).toFixed(3)} ${(0.9 * Math.sin(a)).toFixed(3)}`;
    return svg("path", { d: `M 0 0 L ${p(a0)} A 0.9 0.9 0 0 1 ${p(a1)} Z`, fill: GOODS[k].colour });
  });
  parts.push(svg("circle", { cx: 0, cy: 0, r: 0.9, fill: "none", stroke: INK, "stroke-width": 0.1 }));
  return unit(x, y, size, parts, { class: "pel-icon", "data-icon": "choice" });
}

const DISASTER_DRAW = {
  plague: (c) => [
    svg("circle", { cx: 0, cy: 0, r: 0.48, fill: c }),
    ...[0, 1, 2, 3, 4, 5].map((k) => {
      const a = (k * Math.PI) / 3;
      return svg("circle", { cx: (0.72 * Math.cos(a)).toFixed(2), cy: (0.72 * Math.sin(a)).toFixed(2), r: 0.17, fill: c });
    }),
  ],
  drought: (c) => [
    svg("circle", { cx: 0, cy: 0, r: 0.42, fill: c }),
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
      const a = (k * Math.PI) / 4;
      return svg("path", {
        d: `M ${(0.58 * Math.cos(a)).toFixed(2)} ${(0.58 * Math.sin(a)).toFixed(2)} L ${(0.92 * Math.cos(a)).toFixed(2)} ${(0.92 * Math.sin(a)).toFixed(2)}`,
        stroke: c, "stroke-width": 0.16, "stroke-linecap": "round",
      });
    }),
  ],
  earthquake: (c) => [
    svg("path", { d: "M -0.9 0.7 H 0.9", stroke: c, "stroke-width": 0.16 }),
    svg("path", { d: "M -0.1 -0.9 L 0.15 -0.35 L -0.2 0 L 0.2 0.35 L 0 0.7", fill: "none", stroke: c, "stroke-width": 0.2, "stroke-linejoin": "round" }),
    svg("path", { d: "M -0.8 0.7 L -0.55 0.05 L -0.3 0.7 M 0.35 0.7 L 0.6 -0.1 L 0.85 0.7", fill: "none", stroke: c, "stroke-width": 0.12 }),
  ],
  tempest: (c) => [-0.5, 0, 0.5].map((y) => svg("path", {
    d: `M -0.9 ${y} q 0.225 -0.35 0.45 0 t 0.45 0 t 0.45 0 t 0.45 0`, fill: "none", stroke: c, "stroke-width": 0.16, "stroke-linecap": "round",
  })),
  decline: (c) => [
    svg("path", { d: "M -0.35 -0.85 H 0.35 L 0.2 -0.6 C 0.7 -0.4 0.7 0.3 0.25 0.65 L 0.2 0.88 H -0.2 L -0.25 0.65 C -0.7 0.3 -0.7 -0.4 -0.2 -0.6 Z", fill: c }),
    svg("path", { d: "M 0.05 -0.55 L -0.15 -0.1 L 0.12 0.15 L -0.05 0.55", fill: "none", stroke: "#fff", "stroke-width": 0.1 }),
  ],
  persians: (c) => [
    svg("path", { d: "M -0.8 0.8 L 0.65 -0.65 M 0.8 0.8 L -0.65 -0.65", stroke: c, "stroke-width": 0.14 }),
    svg("path", { d: "M 0.9 -0.9 L 0.45 -0.72 L 0.72 -0.45 Z M -0.9 -0.9 L -0.45 -0.72 L -0.72 -0.45 Z", fill: c }),
    svg("circle", { cx: 0, cy: 0.25, r: 0.3, fill: c }),
  ],
};

// The symbol of a disaster (by its id), `size` wide, in its colour (or `colour`).
export function disasterIcon(id, x, y, size, colour) {
  const d = DISASTERS.find((entry) => entry.id === id);
  const c = colour || (d ? d.colour : INK);
  const draw = DISASTER_DRAW[id];
  if (!draw) return unit(x, y, size, [svg("circle", { cx: 0, cy: 0, r: 0.5, fill: "none", stroke: c, "stroke-width": 0.15 })]);
  return unit(x, y, size, draw(c), { class: "pel-disaster-icon", "data-disaster": id });
}

// Protection: a shield with the disaster's symbol.
export function shieldIcon(id, x, y, size) {
  const d = DISASTERS.find((entry) => entry.id === id);
  const c = d ? d.colour : INK;
  return svg("g", { class: "pel-protects", "data-disaster": id }, [
    unit(x, y, size, [
      svg("path", { d: "M 0 -0.95 L 0.85 -0.65 Q 0.85 0.5 0 0.97 Q -0.85 0.5 -0.85 -0.65 Z", fill: "#fff", stroke: c, "stroke-width": 0.13 }),
    ]),
    disasterIcon(id, x, y + size * 0.02, size * 0.52),
  ]);
}

// The supply symbol (an inhabitant beside food): this tile calls a supply round when it is revealed.
export function supplyIcon(x, y, size) {
  return svg("g", { class: "pel-supply-icon" }, [
    svg("circle", { cx: x, cy: y, r: size / 2, fill: "#fff4d6", stroke: GOODS.food.colour, "stroke-width": Math.max(1, size * 0.07) }),
    goodIcon("inhabitants", x - size * 0.19, y, size * 0.4),
    goodIcon("food", x + size * 0.2, y, size * 0.4),
  ]);
}

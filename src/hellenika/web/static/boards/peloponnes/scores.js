// Peloponnes board: the final scores once the game is over, best first. Each side of the score by its parts
// (power: tiles, hero, coins, cloverleaves; population: inhabitants, mercenaries or Angelos' conflict coins,
// cloverleaves), the lower side that counts, and the luxury goods that break ties. And the legend of the
// symbols the board uses.
import { svg, text } from "../../js/svg.js";
import { GOLD, GOODS, INK, LINE, MUTED, PAPER, SERIF, inkOn, label, ordinal } from "./theme.js";
import { choiceIcon, goodIcon, shieldIcon, supplyIcon } from "./icons.js";

const COLUMNS = [
  ["power: tiles", "tiles"],
  ["power: hero", "hero"],
  ["power: coins", "coins"],
  ["power: cloverleaves", "♣"],
  ["PP", "power"],
  ["population: inhabitants", "inhab."],
  ["population: mercenaries|population: conflict coins", "merc."],
  ["population: cloverleaves", "♣"],
  ["POP", "popul."],
  ["SCORE", "score"],
  ["LUX", "luxury"],
];

function value(row, key) {
  for (const k of key.split("|")) if (row && typeof row[k] === "number") return row[k];
  return null;
}

export function drawScores(ctx, width) {
  const { view, model } = ctx;
  if (!view.game_over && !model.finished) return null;
  const places = view.places || model.places || [];
  const rows = ctx.participants.map((p) => ({ p, place: places[p.index] ?? null, parts: (model.breakdown || [])[p.index] || p.breakdown || {} }));
  rows.sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.p.index - b.p.index);
  const g = svg("g", { class: "pel-result" });
  const rowH = 24;
  const top = 70;
  const height = top + rows.length * rowH + 14;
  g.append(svg("rect", { x: 0, y: 0, width, height, rx: 10, fill: PAPER, stroke: GOLD, "stroke-width": 2 }));
  g.append(text(16, 25, "Final scores", { "font-size": 18, "font-weight": 700, "font-family": SERIF, fill: INK }));
  g.append(text(150, 25, "the lower of power and population points counts; ties: the higher side, then luxury goods", { "font-size": 10.5, fill: MUTED }));
  const nameW = 210;
  const colW = (width - 16 - nameW - 16) / COLUMNS.length;
  const colX = (i) => 16 + nameW + colW * i + colW / 2;
  g.append(text(colX(1.5), top - 26, "POWER POINTS", { "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: GOODS.pp.ink, "letter-spacing": "0.1em" }));
  g.append(text(colX(6), top - 26, "POPULATION POINTS", { "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: GOODS.inhabitants.ink, "letter-spacing": "0.1em" }));
  COLUMNS.forEach(([, words], i) => {
    g.append(text(colX(i), top - 10, words, { "text-anchor": "middle", "font-size": 10, fill: MUTED, "font-weight": ["PP", "POP", "SCORE"].includes(COLUMNS[i][0]) ? 700 : 400 }));
  });
  rows.forEach(({ p, place, parts }, r) => {
    const y = top + r * rowH;
    const colour = ctx.colour(p.index);
    const row = svg("g", { class: "pel-result-row", "data-seat": p.index, "data-place": place ?? "", "data-score": p.score });
    if (r % 2 === 0) row.append(svg("rect", { x: 8, y: y - 2, width: width - 16, height: rowH, rx: 4, fill: "#f6f0e3" }));
    row.append(text(20, y + 15, place ? ordinal(place) : "–", { "font-size": 12.5, "font-weight": 700, fill: place === 1 ? GOLD : INK }));
    row.append(svg("circle", { cx: 60, cy: y + 10, r: 7, fill: colour }));
    row.append(label(74, y + 15, ctx.name(p.index) + (ctx.seat === p.index ? " (you)" : ""), { "font-size": 12.5, "font-weight": 600, fill: INK }, nameW - 62));
    const cells = {
      PP: p.power_points,
      POP: p.population_points,
      SCORE: p.score,
      LUX: p.automaton ? "—" : p.luxury,
    };
    COLUMNS.forEach(([key], i) => {
      const v = key in cells ? cells[key] : value(parts, key);
      const strong = ["PP", "POP"].includes(key);
      if (key === "SCORE") {
        row.append(svg("rect", { x: colX(i) - 17, y: y + 1, width: 34, height: 19, rx: 9.5, fill: colour }));
        row.append(text(colX(i), y + 15, String(v ?? "–"), { "text-anchor": "middle", "font-size": 12.5, "font-weight": 700, fill: inkOn(colour), class: "pel-final-score" }));
        return;
      }
      row.append(text(colX(i), y + 15, v === null || v === undefined ? "–" : String(v), { "text-anchor": "middle", "font-size": 12, "font-weight": strong ? 700 : 400, fill: strong ? INK : MUTED }));
    });
    row.append(svg("title", {}, [`${ctx.name(p.index)}: ${p.power_points} power points, ${p.population_points} population points, scores ${p.score}`]));
    g.append(row);
  });
  return { node: g, height };
}

// The symbols, in a line at the foot of the board.
export function drawLegend(ctx, width) {
  const g = svg("g", { class: "pel-legend" });
  const items = [
    ["coins", "coins"], ["wood", "wood"], ["stone", "stone"], ["food", "food"], ["luxury", "luxury goods"],
    ["inhabitants", "inhabitants"], ["pp", "power points"],
  ];
  if (ctx.view.expansion) items.push(["strength", "strength"], ["clover", "cloverleaves"], ["mercenaries", "mercenaries"]);
  let x = 8;
  let y = 16;
  const put = (icon, words) => {
    const w = words.length * 6 + 30;
    if (x + w > width) { x = 8; y += 20; }
    g.append(icon(x + 8, y - 4));
    g.append(text(x + 20, y, words, { "font-size": 10.5, fill: MUTED }));
    x += w;
  };
  for (const [kind, words] of items) put((cx, cy) => goodIcon(kind, cx, cy, 14), words);
  put((cx, cy) => choiceIcon(cx, cy, 13), "one good or a coin of choice");
  put((cx, cy) => shieldIcon("plague", cx, cy, 15), "protects from a disaster");
  put((cx, cy) => supplyIcon(cx, cy, 15), "supply round");
  g.append(svg("rect", { x: 0, y: -2, width, height: y + 8, fill: "none", stroke: LINE, "stroke-width": 0, opacity: 0 }));
  return { node: g, height: y + 8 };
}

// Peloponnes board: the final scores once the game is over, best first, in the columns the view gives (each
// side of the score by its parts, the lower side that counts, the luxury goods that break ties). And the
// legend of the symbols the board uses.
import { svg, text } from "../../js/svg.js";
import { GOLD, GOODS, INK, LINE, MUTED, PAPER, SERIF, inkOn, label, ordinal } from "./theme.js";
import { choiceIcon, goodIcon, shieldIcon, supplyIcon } from "./icons.js";
import { columnValue, scoreColumns } from "../../js/shell/scores.js";

// The columns come from the view (view.score_columns: the game's one list, which the page's score table under
// the board uses too), so both tables group and name them alike.

export function drawScores(ctx, width) {
  const { view, model } = ctx;
  if (!view.game_over && !model.finished) return null;
  const columns = scoreColumns(model) || [];
  const places = view.places || model.places || [];
  // A replay's or a fixture's model may lack the results: the view's participants have them too.
  const source = {
    ...model,
    scores: model.scores || ctx.participants.map((q) => q.score),
    breakdown: model.breakdown || ctx.participants.map((q) => q.breakdown || {}),
  };
  const rows = ctx.participants.map((p) => ({ p, place: places[p.index] ?? null }));
  rows.sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.p.index - b.p.index);
  const g = svg("g", { class: "pel-result" });
  const rowH = 24;
  const top = 70;
  const height = top + rows.length * rowH + 14;
  g.append(svg("rect", { x: 0, y: 0, width, height, rx: 10, fill: PAPER, stroke: GOLD, "stroke-width": 2 }));
  g.append(text(16, 25, "Final scores", { "font-size": 18, "font-weight": 700, "font-family": SERIF, fill: INK }));
  g.append(text(150, 25, "the lower of power and population points counts; ties: the higher side, then luxury goods", { "font-size": 10.5, fill: MUTED }));
  const nameW = 210;
  const colW = (width - 16 - nameW - 16) / Math.max(1, columns.length);
  const colX = (i) => 16 + nameW + colW * i + colW / 2;
  const INKS = { "power points": GOODS.pp.ink, "population points": GOODS.inhabitants.ink };
  // Each group's name over the columns it spans.
  let first = 0;
  columns.forEach((c, i) => {
    const next = columns[i + 1];
    if (next && (next.group || "") === (c.group || "")) return;
    if (c.group) {
      g.append(text((colX(first) + colX(i)) / 2, top - 26, c.group.toUpperCase(), { "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: INKS[c.group] || MUTED, "letter-spacing": "0.1em", class: "pel-score-group", "data-group": c.group }));
    }
    first = i + 1;
  });
  columns.forEach((c, i) => {
    const head = text(colX(i), top - 10, c.label, { "text-anchor": "middle", "font-size": 10, fill: MUTED, "font-weight": c.strong || c.score ? 700 : 400, class: "pel-score-column", "data-group": c.group || "" });
    if (c.title) head.append(svg("title", {}, [c.title]));
    g.append(head);
  });
  rows.forEach(({ p, place }, r) => {
    const y = top + r * rowH;
    const colour = ctx.colour(p.index);
    const row = svg("g", { class: "pel-result-row", "data-seat": p.index, "data-place": place ?? "", "data-score": p.score });
    if (r % 2 === 0) row.append(svg("rect", { x: 8, y: y - 2, width: width - 16, height: rowH, rx: 4, fill: "#f6f0e3" }));
    row.append(text(20, y + 15, place ? ordinal(place) : "–", { "font-size": 12.5, "font-weight": 700, fill: place === 1 ? GOLD : INK }));
    row.append(svg("circle", { cx: 60, cy: y + 10, r: 7, fill: colour }));
    row.append(label(74, y + 15, ctx.name(p.index) + (ctx.seat === p.index ? " (you)" : ""), { "font-size": 12.5, "font-weight": 600, fill: INK }, nameW - 62));
    columns.forEach((c, i) => {
      const v = columnValue(source, c, p.index);
      const shown = v === null ? "–" : String(v);
      if (c.score) {
        row.append(svg("rect", { x: colX(i) - 17, y: y + 1, width: 34, height: 19, rx: 9.5, fill: colour }));
        row.append(text(colX(i), y + 15, shown, { "text-anchor": "middle", "font-size": 12.5, "font-weight": 700, fill: inkOn(colour), class: "pel-final-score" }));
        return;
      }
      row.append(text(colX(i), y + 15, shown, { "text-anchor": "middle", "font-size": 12, "font-weight": c.strong ? 700 : 400, fill: c.strong ? INK : MUTED, class: "pel-score-cell" }));
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

// Hercules board: the twelve Labour columns with every participant's row of cubes and Apprentice, the God
// cards above columns 1-11 and the Zeus/Pantheon stack above column 12. A column is a target for the
// Labours that give its number.
import { svg, target, text } from "../../js/svg.js";
import { cardFace, emptySlot, stackEdges } from "./cards.js";
import { labelsOf } from "./legal.js";
import { cube, die, label, pawn, wing } from "./pieces.js";
import { GOLD, GOLD_DARK, HIGHLIGHT, INK, MUTED, SERIF, colourOf, inkOf } from "./theme.js";

export const FRAME_X = 12;
export const FRAME_W = 976;
const LABEL_X = 26;
const START_X = 158;
const START_W = 44;
const COL_X0 = 206;
const COL_W = 64;
const CARD_W = 56;
const CARD_H = 80;

export function columnX(c) {
  return c === 0 ? START_X : COL_X0 + (c - 1) * COL_W;
}

function columnCentre(c) {
  return c === 0 ? START_X + START_W / 2 : columnX(c) + COL_W / 2;
}

function meander(x, y, w) {
  return svg("rect", { x, y, width: w, height: 12, fill: "url(#hk-herc-meander)" });
}

function rowLabel(ctx, p, y, rowH) {
  const colour = colourOf(p);
  const notes = [];
  if (ctx.seat === p.index) notes.push("you");
  if (p.automaton) notes.push("automaton");
  const nodes = [
    pawn(LABEL_X + 8, y + rowH - 7, 20, colour),
    label(LABEL_X + 22, y + rowH / 2 + (notes.length ? -1 : 5), p.name, {
      "font-size": 13.5, "font-weight": "bold", fill: inkOf(colour), "font-family": SERIF,
    }, START_X - LABEL_X - 42),
  ];
  if (notes.length) {
    nodes.push(text(LABEL_X + 22, y + rowH / 2 + 12, notes.join(" · "), { "font-size": 10, fill: MUTED }));
  }
  if (ctx.view.pegasus === p.index) {
    nodes.push(svg("g", { "data-role": "pegasus", "data-participant": p.index }, [
      svg("circle", { cx: START_X - 14, cy: y + rowH / 2, r: 11, fill: "#eef4fb", stroke: "#7c9cc0" }),
      wing(START_X - 14, y + rowH / 2, 17, "#ffffff", "#3d5f86"),
      svg("title", {}, [`${p.name} holds Pegasus (plays first this round)`]),
    ]));
  }
  return nodes;
}

export function drawTrack(ctx, y0) {
  const { view } = ctx;
  const participants = view.participants || [];
  const rowH = participants.length <= 2 ? 40 : 36;
  const godsY = y0 + 24;
  const numbersY = godsY + CARD_H + 20;
  const rowsY = numbersY + 18;
  const rowsEnd = rowsY + participants.length * rowH;
  let lines = 0;
  for (const list of ctx.legal.formulas.values()) lines = Math.max(lines, list.length);
  const chipsY = rowsEnd + 6;
  const bottom = chipsY + (lines ? lines * 17 + 4 : 0) + 8;
  const height = bottom - y0;
  const g = svg("g", { "data-role": "track" });

  // The board itself: stone, a meander frieze, the start space and the twelve columns.
  g.append(svg("rect", { x: FRAME_X, y: y0, width: FRAME_W, height, rx: 10, fill: "url(#hk-herc-stone)", stroke: "#a89467", "stroke-width": 1.5 }));
  g.append(meander(FRAME_X + 8, y0 + 4, FRAME_W - 16));
  g.append(text(LABEL_X, godsY + 30, "Gods", { "font-size": 15, "font-weight": "bold", fill: GOLD_DARK, "font-family": SERIF }));
  g.append(text(LABEL_X, godsY + 46, "taken by stopping", { "font-size": 9.5, fill: MUTED }));
  g.append(text(LABEL_X, godsY + 58, "under them", { "font-size": 9.5, fill: MUTED }));
  g.append(text(LABEL_X, numbersY + 4, "Labours", { "font-size": 13, "font-weight": "bold", fill: GOLD_DARK, "font-family": SERIF }));
  g.append(svg("rect", { x: START_X, y: numbersY - 14, width: START_W, height: rowsEnd - numbersY + 14, rx: 6, fill: "#e6dcc3", stroke: "#cbbb95" }));
  g.append(text(START_X + START_W / 2, numbersY + 4, "Start", { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: MUTED, "font-family": SERIF }));
  for (let c = 1; c <= 12; c += 1) {
    const x = columnX(c);
    const fill = c === 12 ? "#f1e2b0" : c % 2 ? "#f6eedb" : "#efe5cd";
    g.append(svg("rect", { x: x + 2, y: godsY - 6, width: COL_W - 4, height: rowsEnd - godsY + 8, rx: 6, fill, stroke: "#d8c9a5", "stroke-width": 0.8 }));
    const legal = ctx.legal.columns.has(c);
    g.append(svg("circle", { cx: x + COL_W / 2, cy: numbersY, r: 13, fill: legal ? HIGHLIGHT : "#fffaf0", stroke: legal ? GOLD_DARK : GOLD, "stroke-width": 1.6 }));
    g.append(text(x + COL_W / 2, numbersY + 5, c, { "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: legal ? "#fff" : INK, "font-family": SERIF }));
  }

  // God cards above columns 1-11, the Zeus/Pantheon stack above column 12.
  (view.gods || []).forEach((card, i) => {
    const c = i + 1;
    const x = columnX(c) + (COL_W - CARD_W) / 2;
    if (card) g.append(cardFace(card, x, godsY, CARD_W, CARD_H, { large: true, attrs: { "data-role": "god", "data-column": c, "data-card": card.id } }));
    else g.append(emptySlot(x, godsY, CARD_W, CARD_H, "taken"));
  });
  const stack = view.column12 || [];
  const x12 = columnX(12) + (COL_W - CARD_W) / 2 - 3;
  if (stack.length) {
    stackEdges(x12, godsY - 2, CARD_W, CARD_H, stack.length, "#efebe2", "#8d8779").forEach((n) => g.append(n));
    g.append(cardFace(stack[0], x12, godsY - 2, CARD_W, CARD_H, { large: true, attrs: { "data-role": "column12", "data-count": stack.length, "data-card": stack[0].id } }));
    if (stack.length > 1) {
      g.append(svg("g", {}, [
        svg("circle", { cx: x12 + 12, cy: godsY + CARD_H - 13, r: 10, fill: INK, stroke: "#fff", "stroke-width": 1.2 }),
        text(x12 + 12, godsY + CARD_H - 9, stack.length, { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#fff" }),
        svg("title", {}, [`${stack.length} cards: ${stack.map((card) => card.name).join(", ")}`]),
      ]));
    }
  } else {
    g.append(emptySlot(x12, godsY, CARD_W, CARD_H, "empty"));
  }

  // Each participant's row: cubes still on the board and the Apprentice.
  participants.forEach((p, r) => {
    const y = rowsY + r * rowH;
    const colour = colourOf(p);
    const active = ctx.turn === p.index;
    const mine = ctx.seat === p.index;
    g.append(svg("rect", {
      x: FRAME_X + 6, y: y + 2, width: FRAME_W - 12, height: rowH - 4, rx: 7, fill: colour, "fill-opacity": mine ? 0.16 : 0.09,
      stroke: active ? HIGHLIGHT : mine ? colour : "none", "stroke-width": active ? 2.5 : 1.2,
      "data-role": "row", "data-participant": p.index,
    }));
    if (active) {
      g.append(svg("path", {
        d: `M ${FRAME_X + 1} ${y + rowH / 2 - 7} L ${FRAME_X + 11} ${y + rowH / 2} L ${FRAME_X + 1} ${y + rowH / 2 + 7} Z`,
        fill: HIGHLIGHT, stroke: GOLD_DARK, "data-role": "active-marker", "data-participant": p.index,
      }));
    }
    rowLabel(ctx, p, y, rowH).forEach((n) => g.append(n));
    const cubes = new Set(p.cubes_on_board || []);
    for (const c of cubes) {
      g.append(cube(columnCentre(c), y + rowH / 2, 20, colour, { "data-role": "cube", "data-where": "board", "data-participant": p.index, "data-column": c }));
    }
    const at = Number(p.apprentice) || 0;
    const px = columnCentre(at) + (cubes.has(at) ? -16 : 0);
    g.append(pawn(px, y + rowH - 5, rowH - 8, colour, { "data-role": "apprentice", "data-participant": p.index, "data-column": at }));
  });

  // Targets: a column chooses the Labour(s) that give its number.
  for (const [c, indices] of ctx.legal.columns) {
    const x = columnX(c);
    const formulas = ctx.legal.formulas.get(c) || [];
    const chips = formulas.map((f, k) => {
      const cy = chipsY + k * 17;
      return svg("g", {}, [
        svg("rect", { x: x + 5, y: cy, width: COL_W - 10, height: 15, rx: 7.5, fill: f.white ? "#ffffff" : "#fff1c1", stroke: GOLD_DARK, "stroke-width": 0.9 }),
        f.white ? die(x + 8, cy + 2.5, 10, 1, "#fff", INK) : null,
        text(x + COL_W / 2 + (f.white ? 5 : 0), cy + 11.5, `${f.hi}${f.sign}${f.lo}`, { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: INK }),
      ]);
    });
    const area = svg("g", { "data-role": "column", "data-column": c }, [
      svg("rect", {
        x: x + 1, y: godsY - 8, width: COL_W - 2, height: chipsY + formulas.length * 17 - godsY + 10, rx: 8,
        fill: HIGHLIGHT, "fill-opacity": 0.1, stroke: HIGHLIGHT, "stroke-width": 2.4,
      }),
      ...chips,
    ]);
    g.append(target(area, indices, ctx.ui, labelsOf(ctx.model, indices)));
  }
  if (ctx.legal.columns.size) {
    g.append(text(LABEL_X, chipsY + 12, "Click a column", { "font-size": 10.5, "font-weight": "bold", fill: GOLD_DARK }));
    g.append(text(LABEL_X, chipsY + 25, "to perform that Labour", { "font-size": 10, fill: MUTED }));
  }
  return { node: g, height };
}

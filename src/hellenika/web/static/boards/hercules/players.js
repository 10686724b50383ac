// Hercules board: one panel per participant with their dice (and the white die while they hold it), supply,
// symbol counts, score and cards. A card is a target for its abilities (and for Rest's choices).
import { svg, target, text } from "../../js/svg.js";
import { cardFace } from "./cards.js";
import { labelsOf } from "./legal.js";
import { cube, die, label, pawn, symbolMark, wing } from "./pieces.js";
import {
  DECK_ORDER, GOLD_DARK, HIGHLIGHT, INK, MUTED, SERIF, SYMBOL_NAMES, colourOf, contrastOn, deckOf, formatScore,
  inkOf, ordinal, shade,
} from "./theme.js";

const PANEL_X = 12;
const PANEL_W = 976;
const CARDS_X = 362;
const CARD_W = 50;
const CARD_H = 70;
const CARD_STEP = 56;
const PER_ROW = Math.floor((PANEL_W - CARDS_X - 8) / CARD_STEP);

const KIND_ORDER = { demigod: 0, god: 1, pantheon: 2, vase: 3, hades: 4 };

function sortCards(cards) {
  return [...cards].sort((a, b) => {
    const ka = KIND_ORDER[a.kind] ?? 5;
    const kb = KIND_ORDER[b.kind] ?? 5;
    if (ka !== kb) return ka - kb;
    if (a.kind === "demigod") {
      const da = DECK_ORDER.indexOf(deckOf(a));
      const db = DECK_ORDER.indexOf(deckOf(b));
      if (da !== db) return da - db;
    }
    if (a.name === "Zeus") return -1;
    if (b.name === "Zeus") return 1;
    return String(a.id).localeCompare(String(b.id));
  });
}

// Symbol counts of every participant (all their cards count, face down or used) and the leaders per type.
export function symbolTotals(participants) {
  const totals = participants.map((p) => {
    const counts = [0, 0, 0, 0, 0];
    for (const card of p.cards || []) (card.symbols || []).forEach((n, i) => { counts[i] += n; });
    return counts;
  });
  const best = [0, 1, 2, 3, 4].map((i) => Math.max(0, ...totals.map((t) => t[i])));
  return { totals, best };
}

function pill(x, y, words, fill, ink, attrs = {}) {
  const w = words.length * 6.6 + 14;
  return {
    width: w,
    node: svg("g", attrs, [
      svg("rect", { x, y: y - 11, width: w, height: 16, rx: 8, fill }),
      text(x + w / 2, y + 1, words, { "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: ink, "letter-spacing": 0.4 }),
    ]),
  };
}

function cardNode(ctx, p, card, x, y) {
  const colour = colourOf(p);
  const indices = ctx.legal.cards.get(card.id) || [];
  const g = svg("g", {
    "data-role": "card", "data-card": card.id, "data-participant": p.index,
    "data-used": card.used ? "true" : null, "data-face-down": card.face_down ? "true" : null,
  });
  if (indices.length) {
    g.append(svg("rect", { x: x - 4, y: y - 4, width: CARD_W + 8, height: CARD_H + 8, rx: 7, fill: HIGHLIGHT, "fill-opacity": 0.25, stroke: HIGHLIGHT, "stroke-width": 2.4 }));
  }
  g.append(cardFace(card, x, y, CARD_W, CARD_H));
  if (card.used && card.kind === "demigod") {
    g.append(svg("rect", { x, y, width: CARD_W, height: CARD_H, rx: 4, fill: "#ffffff", opacity: 0.3 }));
    g.append(cube(x + CARD_W - 11, y + CARD_H - 12, 16, colour, { "data-role": "cube", "data-where": "card", "data-participant": p.index }));
  }
  return indices.length ? target(g, indices, ctx.ui, labelsOf(ctx.model, indices)) : g;
}

function panelHeight(p) {
  const rows = Math.max(1, Math.ceil((p.cards || []).length / PER_ROW));
  return Math.max(134, 18 + rows * (CARD_H + 8) + 6);
}

function drawPanel(ctx, p, y, h, symbols) {
  const { view } = ctx;
  const colour = colourOf(p);
  const active = ctx.turn === p.index;
  const mine = ctx.seat === p.index;
  const x = PANEL_X;
  const g = svg("g", { "data-role": "panel", "data-participant": p.index });
  g.append(svg("rect", {
    x, y, width: PANEL_W, height: h, rx: 10, fill: mine ? shade(colour, 0.92) : "#fffdf8",
    stroke: active ? HIGHLIGHT : mine ? colour : "#d9cfbd", "stroke-width": active ? 3 : mine ? 2 : 1.2,
  }));
  g.append(svg("rect", { x, y, width: 8, height: h, rx: 4, fill: colour }));
  if (active) {
    g.append(svg("path", { d: `M ${x - 9} ${y + 14} L ${x + 3} ${y + 22} L ${x - 9} ${y + 30} Z`, fill: HIGHLIGHT, stroke: GOLD_DARK, "data-role": "active-marker", "data-participant": p.index }));
  }

  // Name and tags.
  g.append(pawn(x + 26, y + 32, 24, colour));
  g.append(label(x + 42, y + 27, p.name, { "font-size": 18, "font-weight": "bold", fill: inkOf(colour), "font-family": SERIF }, 150));
  let tx = x + 56 + Math.min(150, p.name.length * 12);
  const tags = [];
  if (mine) tags.push(["YOU", colour, contrastOn(colour)]);
  if (p.automaton) tags.push(["AUTOMATON", "#5b4a6b", "#fff"]);
  if (active && !view.game_over) tags.push([mine ? "YOUR TURN" : "TO MOVE", HIGHLIGHT, INK]);
  for (const [words, fill, ink] of tags) {
    const t = pill(tx, y + 26, words, fill, ink);
    g.append(t.node);
    tx += t.width + 5;
  }
  if (view.pegasus === p.index) {
    g.append(svg("g", { "data-role": "pegasus-card", "data-participant": p.index }, [
      svg("rect", { x: tx, y: y + 13, width: 70, height: 18, rx: 4, fill: "#eef4fb", stroke: "#7c9cc0" }),
      wing(tx + 12, y + 22, 15, "#fff", "#3d5f86"),
      text(tx + 24, y + 26, "Pegasus", { "font-size": 10.5, "font-weight": "bold", fill: "#3d5f86" }),
      svg("title", {}, ["Pegasus: plays first this round"]),
    ]));
  }

  // Dice (and the white die while held).
  g.append(text(x + 20, y + 52, "Dice", { "font-size": 10, fill: MUTED }));
  const pip = contrastOn(colour) === "#ffffff" ? "#ffffff" : INK;
  (p.dice || []).forEach((v, i) => g.append(die(x + 20 + i * 38, y + 58, 32, v, colour, pip, { "data-role": "die", "data-participant": p.index, "data-value": v })));
  const white = view.white_die || {};
  if (white.holder === p.index) {
    const wx = x + 20 + (p.dice || []).length * 38;
    g.append(die(wx, y + 58, 32, white.value, "#ffffff", INK, { "data-role": "white-die", "data-value": white.value, "data-holder": p.index }));
    g.append(text(wx + 16, y + 52, "white", { "text-anchor": "middle", "font-size": 10, fill: MUTED }));
  }

  // Supply: the cubes taken back from the board, ready to pay for Demigod abilities.
  const sx = x + 148;
  const supply = Number(p.supply) || 0;
  g.append(text(sx, y + 52, `Supply ${supply}`, { "font-size": 10, fill: MUTED, "data-role": "supply-count", "data-participant": p.index }));
  for (let k = 0; k < supply; k += 1) {
    const col = k % 6;
    const row = Math.floor(k / 6);
    g.append(cube(sx + 7 + col * 15, y + 65 + row * 15, 12, colour, { "data-role": "cube", "data-where": "supply", "data-participant": p.index }));
  }
  if (!supply) g.append(text(sx, y + 70, "empty", { "font-size": 10, fill: MUTED, "font-style": "italic" }));

  // Symbols, with the majorities marked.
  const counts = symbols.totals[p.index] || [0, 0, 0, 0, 0];
  g.append(text(x + 20, y + 104, "Symbols", { "font-size": 10, fill: MUTED }));
  counts.forEach((n, i) => {
    const bx = x + 20 + i * 46;
    const lead = n > 0 && n === symbols.best[i];
    g.append(svg("g", { "data-role": "symbol-count", "data-participant": p.index, "data-symbol": SYMBOL_NAMES[i], "data-count": n }, [
      svg("rect", { x: bx, y: y + 108, width: 42, height: 22, rx: 5, fill: lead ? "#fff1c1" : "#f5f0e5", stroke: lead ? HIGHLIGHT : "#ddd3bf", "stroke-width": lead ? 1.8 : 1 }),
      symbolMark(i, bx + 11, y + 119, 13),
      text(bx + 31, y + 124, n, { "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: n ? INK : MUTED }),
      svg("title", {}, [`${n} ${SYMBOL_NAMES[i]} symbol${n === 1 ? "" : "s"}${lead ? " (majority: 5 VP)" : ""}`]),
    ]));
  });

  // Score and its parts.
  const scoreX = x + 340;
  g.append(text(scoreX, y + 64, formatScore(p.score), { "text-anchor": "end", "font-size": 32, "font-weight": "bold", fill: INK, "font-family": SERIF, "data-role": "score", "data-participant": p.index }));
  g.append(text(scoreX, y + 78, "victory points", { "text-anchor": "end", "font-size": 9.5, fill: MUTED }));
  const b = p.breakdown || {};
  g.append(text(scoreX, y + 94, `cards ${formatScore(b.cards)} · majorities ${formatScore(b.majorities)}`, { "text-anchor": "end", "font-size": 9.5, fill: MUTED }));
  g.append(text(scoreX, y + 94 + 12, `sets ${formatScore(b.sets)} · cubes ${formatScore(b.cubes)}`, { "text-anchor": "end", "font-size": 9.5, fill: MUTED }));
  const places = view.places || ctx.model.places;
  if (view.game_over && places) {
    const place = places[p.index];
    const medal = place === 1 ? "#d4af37" : place === 2 ? "#b8b8b8" : place === 3 ? "#c27c3a" : "#e0d6c2";
    g.append(svg("g", { "data-role": "place", "data-participant": p.index, "data-place": place }, [
      svg("circle", { cx: scoreX - 16, cy: y + 22, r: 15, fill: medal, stroke: shade(medal, -0.35), "stroke-width": 1.5 }),
      text(scoreX - 16, y + 26.5, ordinal(place), { "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: INK }),
    ]));
  }

  // Cards.
  g.append(svg("line", { x1: x + CARDS_X - 10, y1: y + 12, x2: x + CARDS_X - 10, y2: y + h - 12, stroke: "#e3d9c5" }));
  const cards = sortCards(p.cards || []);
  if (!cards.length) g.append(text(x + CARDS_X, y + 40, "No cards yet", { "font-size": 12, fill: MUTED, "font-style": "italic" }));
  cards.forEach((card, k) => {
    const cx = x + CARDS_X + (k % PER_ROW) * CARD_STEP;
    const cy = y + 14 + Math.floor(k / PER_ROW) * (CARD_H + 8);
    g.append(cardNode(ctx, p, card, cx, cy));
  });
  return g;
}

export function drawPlayers(ctx, y0) {
  const participants = ctx.view.participants || [];
  const symbols = symbolTotals(participants);
  const g = svg("g", { "data-role": "players" });
  let y = y0;
  for (const p of participants) {
    const h = panelHeight(p);
    g.append(drawPanel(ctx, p, y, h, symbols));
    y += h + 10;
  }
  return { node: g, height: y - y0 };
}

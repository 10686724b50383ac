// Hercules board: beside the board, the six Demigod stacks (targets for choosing a Demigod), the white die's
// spot and the five Vase stacks.
import { svg, target, text } from "../../js/svg.js";
import { cardFace, emptySlot, stackEdges } from "./cards.js";
import { labelsOf } from "./legal.js";
import { die, label } from "./pieces.js";
import { DECKS, GOLD_DARK, HIGHLIGHT, INK, MUTED, PARCHMENT, SERIF, colourOf, inkOf, shade } from "./theme.js";

const STACK_W = 84;
const STACK_H = 114;
const VASE_W = 48;
const VASE_H = 68;

function countBadge(x, y, count, title) {
  return svg("g", {}, [
    svg("circle", { cx: x, cy: y, r: 11, fill: INK, stroke: "#fff", "stroke-width": 1.5 }),
    text(x, y + 4, count, { "text-anchor": "middle", "font-size": 11.5, "font-weight": "bold", fill: "#fff" }),
    svg("title", {}, [title]),
  ]);
}

function heading(x, y, words, note) {
  return svg("g", {}, [
    text(x, y, words, { "font-size": 15, "font-weight": "bold", fill: GOLD_DARK, "font-family": SERIF }),
    note ? text(x + words.length * 9.6 + 10, y, note, { "font-size": 10, fill: MUTED }) : null,
  ]);
}

function demigodStack(ctx, stack, x, y) {
  const deck = DECKS[stack.deck] || DECKS.hestia;
  const count = Number(stack.count) || 0;
  const indices = ctx.legal.decks.get(stack.deck) || [];
  const eligible = (ctx.view.choosing_demigod || []).includes(stack.deck);
  const g = svg("g", { "data-role": "demigod-stack", "data-deck": stack.deck, "data-count": count });
  if (eligible) {
    g.append(svg("rect", { x: x - 6, y: y - 6, width: STACK_W + 18, height: STACK_H + 18, rx: 10, fill: HIGHLIGHT, "fill-opacity": 0.18, stroke: HIGHLIGHT, "stroke-width": 2.5 }));
  }
  if (stack.top) {
    stackEdges(x, y, STACK_W, STACK_H, count, PARCHMENT, shade(deck.colour, -0.3)).forEach((n) => g.append(n));
    g.append(cardFace(stack.top, x, y, STACK_W, STACK_H, { large: true }));
    g.append(countBadge(x + STACK_W - 4, y + STACK_H - 4, count, `${count} card${count === 1 ? "" : "s"} left in the ${stack.name} stack`));
  } else {
    g.append(emptySlot(x, y, STACK_W, STACK_H, `${stack.name}: empty`));
  }
  if (ctx.view.solo) {
    // Hades steals from the stack whose number the white die shows.
    g.append(svg("g", {}, [
      die(x - 7, y - 9, 18, stack.solo_number, "#ffffff", INK),
      svg("title", {}, [`Stack ${stack.solo_number}: Hades steals from it when the white die shows ${stack.solo_number}`]),
    ]));
  }
  if (eligible && indices.length) {
    g.append(text(x + STACK_W / 2, y + STACK_H + 22, "take", { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: GOLD_DARK }));
  }
  return indices.length ? target(g, indices, ctx.ui, labelsOf(ctx.model, indices)) : g;
}

function whiteDie(ctx, x, y) {
  const white = ctx.view.white_die || {};
  const holder = white.holder === null || white.holder === undefined ? null : ctx.view.participants[white.holder];
  const cx = x + 40;
  const cy = y + 56;
  const g = svg("g", { "data-role": "white-die-spot" }, [
    svg("circle", { cx, cy, r: 30, fill: "#f4efe4", stroke: "#b9ab8e", "stroke-dasharray": holder ? "4 3" : null }),
  ]);
  if (holder) {
    g.append(label(cx, cy - 2, "with", { "text-anchor": "middle", "font-size": 10, fill: MUTED }));
    g.append(label(cx, cy + 12, holder.name, { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: inkOf(colourOf(holder)) }, 70));
  } else {
    g.append(die(cx - 17, cy - 17, 34, white.value, "#ffffff", INK, { "data-role": "white-die", "data-value": white.value, "data-holder": "" }));
  }
  g.append(svg("title", {}, [holder ? `The white die (${white.value}) is with ${holder.name} this turn` : `The white die shows ${white.value}`]));
  return g;
}

function vaseStack(ctx, stack, x, y) {
  const cards = stack.cards || [];
  const spaces = stack.spaces >= 7 ? "7+" : String(stack.spaces);
  const g = svg("g", { "data-role": "vase-stack", "data-spaces": stack.spaces, "data-count": cards.length });
  if (cards.length) {
    stackEdges(x, y, VASE_W, VASE_H, cards.length, "#c8693a", "#7d3a1a").forEach((n) => g.append(n));
    g.append(cardFace(cards[0], x, y, VASE_W, VASE_H, { caption: false }));
    if (cards.length > 1) g.append(countBadge(x + VASE_W - 2, y + VASE_H - 2, cards.length, `${cards.length} Vase cards for ${spaces} spaces: ${cards.map((c) => `${c.vp} VP`).join(", ")}`));
  } else {
    g.append(emptySlot(x, y, VASE_W, VASE_H, "empty"));
  }
  g.append(text(x + VASE_W / 2, y + VASE_H + 18, spaces, { "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: INK, "font-family": SERIF }));
  return g;
}

export function drawSupply(ctx, y0) {
  const { view } = ctx;
  const g = svg("g", { "data-role": "supply" });
  const cardsY = y0 + 30;
  const choosing = (view.choosing_demigod || []).length > 0;
  g.append(heading(26, y0 + 16, "Demigods", choosing ? "choose a stack to take its top card" : "top card of the stack of your operation, or a black die you used"));
  (view.demigod_stacks || []).forEach((stack, i) => g.append(demigodStack(ctx, stack, 26 + i * 96, cardsY)));
  g.append(heading(602, y0 + 16, "White die"));
  g.append(whiteDie(ctx, 602, cardsY));
  g.append(heading(706, y0 + 16, "Vases", "spaces advanced"));
  (view.vase_stacks || []).forEach((stack, i) => g.append(vaseStack(ctx, stack, 708 + i * 56, cardsY)));
  g.append(text(708, cardsY + VASE_H + 38, "Advance 3 or more spaces at once", { "font-size": 10, fill: MUTED }));
  g.append(text(708, cardsY + VASE_H + 51, "to take the top Vase (or the next lower).", { "font-size": 10, fill: MUTED }));
  return { node: g, height: 30 + STACK_H + (choosing ? 30 : 16) };
}

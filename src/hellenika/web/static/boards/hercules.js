// The Hercules board: the twelve Labour columns with cubes, Apprentices and God cards, the Demigod and Vase
// stacks, the white die, and a panel per participant (dice, supply, symbols, score, cards).
// Clicks: a column performs the Labour(s) giving its number, a Demigod stack takes its top card, a card
// uses its ability (or is chosen while resting), the buttons rest, end the turn or finish resting.
import { svg, target, text } from "../js/svg.js";
import { indexLegal, labelsOf } from "./hercules/legal.js";
import { label, pawn } from "./hercules/pieces.js";
import { drawPlayers } from "./hercules/players.js";
import { drawSupply } from "./hercules/supply.js";
import { GOLD, GOLD_DARK, INK, MUTED, SANS, SERIF, colourOf, inkOf } from "./hercules/theme.js";
import { drawTrack } from "./hercules/track.js";

const WIDTH = 1000;

function defs() {
  return svg("defs", {}, [
    svg("linearGradient", { id: "hk-herc-gold", x1: 0, y1: 0, x2: 0, y2: 1 }, [
      svg("stop", { offset: "0%", "stop-color": "#f7dd83" }),
      svg("stop", { offset: "100%", "stop-color": "#d4a73a" }),
    ]),
    svg("linearGradient", { id: "hk-herc-stone", x1: 0, y1: 0, x2: 1, y2: 1 }, [
      svg("stop", { offset: "0%", "stop-color": "#f3ead5" }),
      svg("stop", { offset: "100%", "stop-color": "#e4d6b4" }),
    ]),
    svg("pattern", { id: "hk-herc-meander", width: 16, height: 12, patternUnits: "userSpaceOnUse" }, [
      svg("path", {
        d: "M 0 11 H 16 M 12 11 V 1 H 2 V 8 H 9 V 4 H 5",
        fill: "none", stroke: GOLD, "stroke-width": 1.3, "stroke-linecap": "square",
      }),
    ]),
  ]);
}

// Whose turn it is on the board (the participant acting now), or null once the game is over.
function turnOf(model) {
  const view = model.view || {};
  if (view.game_over || model.finished) return null;
  if (typeof view.to_move === "number") return view.to_move;
  if (typeof model.to_move === "number") return model.to_move;
  return typeof view.active === "number" ? view.active : null;
}

function headline(ctx) {
  const { view, model } = ctx;
  const people = view.participants || [];
  if (view.game_over || model.finished) {
    const places = view.places || model.places || [];
    const winners = people.filter((p) => places[p.index] === 1).map((p) => p.name);
    if (!winners.length) return ["Game over", "final scores below"];
    if (winners.length === 1) return [`${winners[0]} wins!`, "Game over · final scores below"];
    return [`${winners.join(" and ")} share the victory`, "Game over · final scores below"];
  }
  const who = people[ctx.turn];
  const name = who ? who.name : "";
  const mine = ctx.seat !== null && ctx.seat === ctx.turn;
  const phase = view.phase || "";
  if (phase === "choosing a demigod") return [mine ? "Your turn" : `${name} is choosing`, mine ? "choose a Demigod stack to take its top card" : "a Demigod card"];
  if (phase === "resting") {
    const rest = view.rest || {};
    const parts = [`cubes taken back ${rest.cubes_taken || 0}/3`];
    if (view.variant !== "simplified") parts.push(rest.god_refreshed ? "a God turned face up" : "no God turned up yet");
    return [mine ? "You are resting" : `${name} is resting`, parts.join(" · ")];
  }
  if (mine) {
    return ["Your turn", view.used_card_this_turn ? "perform a Labour, use another card or end your turn" : "perform a Labour, use a card's ability or rest"];
  }
  return [`${name} to move`, ""];
}

const BUTTONS = [
  ["rest", "Rest"],
  ["end", "End turn"],
  ["done", "Finish resting"],
];

function banner(ctx) {
  const { view } = ctx;
  const g = svg("g", { "data-role": "banner" });
  g.append(text(14, 28, "Hercules", { "font-size": 24, "font-weight": "bold", fill: INK, "font-family": SERIF, "letter-spacing": 1 }));
  g.append(text(150, 28, `Round ${view.round ?? "–"}`, { "font-size": 15, fill: MUTED, "font-family": SERIF, "data-role": "round" }));
  let x = 230;
  const chips = [];
  if (view.last_round && !view.game_over) chips.push(["Last round", "#b3261e", "#fff"]);
  if (view.variant === "simplified") chips.push(["Simplified", "#5d6d7e", "#fff"]);
  if (view.solo) chips.push(["Solo vs Hades", "#5b4a6b", "#fff"]);
  for (const [words, fill, ink] of chips) {
    const w = words.length * 7 + 16;
    g.append(svg("rect", { x, y: 13, width: w, height: 20, rx: 10, fill }));
    g.append(text(x + w / 2, 27, words, { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: ink }));
    x += w + 6;
  }
  const [title, hint] = headline(ctx);
  const people = view.participants || [];
  const places = view.places || ctx.model.places || [];
  const winners = people.filter((p) => places[p.index] === 1);
  const who = ctx.turn !== null ? people[ctx.turn] : winners.length === 1 ? winners[0] : null;
  const sx = Math.max(x + 14, 400);
  const status = svg("g", { "data-role": "status" });
  if (who) status.append(pawn(sx + 8, 36, 26, colourOf(who)));
  status.append(label(sx + (who ? 24 : 0), hint ? 22 : 30, title, {
    "font-size": 17, "font-weight": "bold", fill: who ? inkOf(colourOf(who)) : INK, "font-family": SERIF,
  }, 300));
  if (hint) status.append(label(sx + (who ? 24 : 0), 38, hint, { "font-size": 11, fill: MUTED }, 330));
  g.append(status);

  // Buttons for the choices that are not a place on the board.
  let bx = WIDTH - 12;
  for (const [kind, words] of [...BUTTONS].reverse()) {
    const indices = ctx.legal.kinds.get(kind) || [];
    if (!indices.length) continue;
    const w = words.length * 7.6 + 26;
    bx -= w;
    const button = svg("g", { "data-role": "button", "data-kind": kind }, [
      svg("rect", { x: bx, y: 9, width: w, height: 28, rx: 14, fill: kind === "rest" ? "#2e6b4f" : "#1f5f8b", stroke: GOLD_DARK, "stroke-width": 0.8 }),
      text(bx + w / 2, 28, words, { "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#fff" }),
    ]);
    g.append(target(button, indices, ctx.ui, labelsOf(ctx.model, indices)));
    bx -= 8;
  }
  return { node: g, height: 48 };
}

// The view names participants "Player 1"...; the table model carries the people's (and Hades') real names.
function withNames(view, names) {
  if (!Array.isArray(names) || !Array.isArray(view.participants)) return view;
  const participants = view.participants.map((p) => (names[p.index] ? { ...p, name: names[p.index] } : p));
  return { ...view, participants };
}

export function render(container, model, ui) {
  container.replaceChildren();
  const view = withNames(model.view || {}, model.names);
  const ctx = {
    model,
    view,
    ui,
    seat: typeof model.seat === "number" ? model.seat : null,
    turn: turnOf(model),
    legal: indexLegal(model),
  };
  const root = svg("svg", {
    xmlns: "http://www.w3.org/2000/svg",
    "font-family": SANS,
    role: "group",
    "aria-label": `Hercules board, round ${view.round}`,
    "data-board": "hercules",
  });
  root.append(defs());
  let y = 0;
  for (const section of [banner, (c, y0) => drawTrack(c, y0), (c, y0) => drawSupply(c, y0), (c, y0) => drawPlayers(c, y0)]) {
    const { node, height } = section(ctx, y);
    root.append(node);
    y += height + 10;
  }
  root.setAttribute("viewBox", `0 0 ${WIDTH} ${y}`);
  root.setAttribute("width", "100%");
  container.append(root);
}

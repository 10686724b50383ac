// Around the map: the turn banner, both players (pieces, cities toward ten, cards by god), the god decks, the
// tile stack, the viewer's hand, and what is under way with its choices.
import { svg, text, target } from "../../js/svg.js";
import { rotated } from "./hex.js";
import { GODS, GOD_COLOURS, GOD_DARK, GOD_NAMES, cardBack, cardFace, greek, miniTile, ship, temple, wrap } from "./pieces.js";

const INK = "#2b2620";
const MUTED = "#7a7164";
const GOLD = "#c9a227";
const WIN_CITIES = 10;

function panel(x, y, w, h, attrs = {}) {
  return svg("g", { transform: `translate(${x},${y})`, ...attrs }, [
    svg("rect", { width: w, height: h, rx: 10, fill: "#fffdf8", stroke: "#d9cfbd", "stroke-width": 1.2, filter: "url(#hd-soft)" }),
  ]);
}

function label(x, y, content, size = 13, attrs = {}) {
  return text(x, y, content, { "font-size": size, fill: INK, ...attrs });
}

// The drawn width of words, measured in a hidden SVG of the page with the board's font (the board itself is
// not in the document yet while it is drawn); an estimate only where nothing can be measured.
function measure(root, words, size, weight) {
  const attrs = { "font-size": size, "font-weight": weight };
  if (typeof document !== "undefined" && document.body) {
    const probe = svg("svg", { width: 0, height: 0, "aria-hidden": "true", "font-family": root.getAttribute("font-family") });
    const t = text(0, 0, words, attrs);
    probe.append(t);
    document.body.append(probe);
    const width = t.getComputedTextLength();
    probe.remove();
    if (width > 0) return width;
  }
  return words.length * size * 0.62;
}

// A player's name in at most ``room`` px: smaller type first (down to 12 px), then cut with an ellipsis (the
// full name in its tooltip).
function fitName(root, name, room) {
  let size = 18;
  let width = measure(root, name, size, 700);
  if (width > room) {
    size = Math.max(12, Math.floor(size * room / width * 10) / 10);
    width = measure(root, name, size, 700);
  }
  let shown = name;
  while (width > room && shown.length > 1) {
    shown = shown.slice(0, -1);
    width = measure(root, `${shown.trimEnd()}…`, size, 700);
  }
  return { shown: shown === name ? name : `${shown.trimEnd()}…`, size, width };
}

export function header(root, ctx, W) {
  const { view, model } = ctx;
  const g = svg("g", { class: "hd-header" });
  g.append(svg("rect", { x: 0, y: 0, width: W, height: 50, fill: "#2b2620" }));
  g.append(text(18, 33, "HELLAS", { "font-size": 22, "font-weight": 700, fill: "#e9d8a6", "letter-spacing": 3, "font-family": "Georgia, serif" }));
  g.append(svg("line", { x1: 132, y1: 14, x2: 132, y2: 36, stroke: "#6b5f4d" }));
  const turn = view.turn ? `Turn ${view.turn}` : "Setup";
  g.append(text(148, 32, turn, { "font-size": 17, "font-weight": 700, fill: "#f7f3ea" }));
  let status;
  if (view.game_over) status = "Game over";
  else if (view.turn) status = `${ctx.name(view.active)}'s turn · ${view.phase}`;
  else status = model.to_move != null ? `${ctx.name(model.to_move)} lays a tile` : view.phase;
  if (!view.game_over && view.turn && model.to_move != null && model.to_move !== view.active) {
    status += ` · ${ctx.name(model.to_move)} to answer`;
  }
  const x0 = 248;
  const dot = !view.game_over && (view.turn || model.to_move != null);
  const dotSeat = view.turn ? view.active : model.to_move;
  if (dot) g.append(svg("circle", { cx: x0, cy: 26, r: 8, fill: ctx.colour(dotSeat), stroke: "#f7f3ea", "stroke-width": 2, class: "hd-active-dot", "data-seat": dotSeat }));
  const room = W - x0 - 150;
  const size = Math.max(11, Math.min(16, room / (status.length * 0.55)));
  g.append(text(x0 + (dot ? 16 : -8), 32, status, { "font-size": size.toFixed(1), fill: "#f7f3ea", class: "hd-status" }));
  if (model.seat != null && view.your_turn) {
    const px = W - 118;
    g.append(svg("rect", { x: px, y: 13, width: 100, height: 24, rx: 12, fill: GOLD, class: "hd-your-move" }));
    g.append(text(px + 50, 30, "YOUR MOVE", { "font-size": 12, "font-weight": 800, fill: INK, "text-anchor": "middle", "letter-spacing": 1 }));
  }
  root.append(g);
}

export function playerPanel(root, ctx, p, x, y, w, h) {
  const { view, model } = ctx;
  const pl = view.players?.[p];
  if (!pl) return;
  const colour = ctx.colour(p);
  const active = view.turn > 0 && view.active === p && !view.game_over;
  const deciding = model.to_move === p;
  const you = model.seat === p;
  const g = panel(x, y, w, h, { class: "hd-player", "data-seat": p, "data-active": active ? "yes" : "no", "data-you": you ? "yes" : "no" });
  g.append(svg("rect", { width: 8, height: h, rx: 4, fill: colour }));
  if (active || deciding) g.append(svg("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: 10, fill: "none", stroke: colour, "stroke-width": 3 }));
  g.append(greek(30, 38, 26, colour));
  // The name, then its badges: placed after the name as measured, all left of the turn marker.
  const side = pl.colour === "dark" ? "Dark" : "Light";
  const badges = 6 + 42 + (you ? 6 + 38 : 0);
  const end = active || deciding ? w - 12 - 92 - 8 : w - 12;
  const name = fitName(root, ctx.name(p), end - 48 - badges);
  const nameText = label(48, 30, name.shown, name.size, { "font-weight": 700, class: "hd-player-name" });
  if (name.shown !== ctx.name(p)) nameText.append(svg("title", {}, [ctx.name(p)]));
  g.append(nameText);
  const tagX = 48 + name.width + 6;
  g.append(svg("rect", { x: tagX, y: 16, width: 42, height: 18, rx: 9, fill: pl.colour === "dark" ? "#3a3530" : "#f1ead8", stroke: "#8a7e6a", "stroke-width": 0.8, class: "hd-side-badge" }));
  g.append(text(tagX + 21, 29, side, { "font-size": 11, "font-weight": 600, fill: pl.colour === "dark" ? "#f1ead8" : "#3a3530", "text-anchor": "middle" }));
  if (you) {
    g.append(svg("rect", { x: tagX + 48, y: 16, width: 38, height: 18, rx: 9, fill: colour, class: "hd-you-badge" }));
    g.append(text(tagX + 67, 29, "YOU", { "font-size": 11, "font-weight": 800, fill: "#fff", "text-anchor": "middle" }));
  }
  if (active || deciding) {
    const flag = svg("g", { class: "hd-turn-marker", transform: `translate(${w - 12},12)` });
    const words = deciding && !active && view.turn ? "TO ANSWER" : deciding ? "TO MOVE" : "ON TURN";
    flag.append(svg("rect", { x: -92, y: 0, width: 92, height: 22, rx: 11, fill: colour }));
    flag.append(text(-46, 15.5, words, { "font-size": 11.5, "font-weight": 800, fill: "#fff", "text-anchor": "middle", "letter-spacing": 0.5 }));
    g.append(flag);
  }
  // Cities toward ten, and temples.
  g.append(label(20, 66, "Cities", 13, { fill: MUTED }));
  for (let i = 0; i < WIN_CITIES; i++) {
    const on = i < pl.cities;
    g.append(svg("rect", { x: 70 + i * 20, y: 54, width: 16, height: 16, rx: 3, fill: on ? colour : "#efe7d6", stroke: on ? "none" : "#d2c6ad", class: on ? "hd-city-pip" : null }));
  }
  g.append(label(274, 67, `${pl.cities}/${WIN_CITIES}`, 16, { "font-weight": 700, class: "hd-cities", "data-cities": pl.cities }));
  g.append(temple(w - 46, 62, 18));
  g.append(label(w - 32, 67, `×${pl.temples}`, 14, { "font-weight": 600 }));
  // Greeks and ships: on the map and in the supply.
  g.append(greek(28, 104, 20, colour));
  g.append(label(42, 91, "Greeks", 12, { fill: MUTED }));
  g.append(label(42, 107, `${pl.greeks_on_map} on map · ${pl.greek_supply} supply`, 13.5, { class: "hd-greek-count" }));
  g.append(ship(w / 2 + 14, 98, 22, colour));
  g.append(label(w / 2 + 32, 91, "Ships", 12, { fill: MUTED }));
  g.append(label(w / 2 + 32, 107, `${pl.ships_on_map} on map · ${pl.ship_supply} supply`, 13.5, { class: "hd-ship-count" }));
  // Cards in hand by god (the backs differ, so everyone knows these counts).
  g.append(label(20, 134, `Hand ${pl.hand_size}`, 13, { fill: MUTED }));
  GODS.forEach((god, i) => {
    const n = pl.cards_by_god?.[god] ?? 0;
    const fresh = pl.drawn_this_turn_by_god?.[god] ?? 0;
    const cx = 84 + i * 98;
    const pile = svg("g", { class: "hd-hand-god", "data-god": god, "data-count": n });
    for (let k = Math.min(n, 3) - 1; k >= 0; k--) pile.append(cardBack(cx + k * 4, 118 - k * 2, 26, 36, god, { opacity: n ? 1 : 0.25 }));
    if (!n) pile.append(cardBack(cx, 118, 26, 36, god, { opacity: 0.2 }));
    pile.append(label(cx + 40, 135, `×${n}`, 15, { "font-weight": 700, fill: n ? GOD_DARK[god] : "#b9ae98" }));
    if (fresh) pile.append(label(cx + 40, 150, `${fresh} new`, 10.5, { fill: MUTED }));
    pile.append(svg("title", {}, [`${ctx.name(p)} holds ${n} ${GOD_NAMES[god]} card${n === 1 ? "" : "s"}${fresh ? ` (${fresh} drawn this turn)` : ""}`]));
    g.append(pile);
  });
  root.append(g);
}

export function decksPanel(root, ctx, x, y, w, h) {
  const { view, model, ui } = ctx;
  const g = panel(x, y, w, h, { class: "hd-decks" });
  g.append(label(14, 22, "God decks", 14, { "font-weight": 700 }));
  g.append(label(w - 14, 22, "discards", 11, { fill: MUTED, "text-anchor": "end" }));
  const colW = (w - 20) / 3;
  GODS.forEach((god, i) => {
    const deck = view.decks?.[god] ?? { cards_left: 0, discards: {} };
    const cx = 10 + i * colW;
    const draws = (model.legal ?? []).filter((l) => l.action.kind === "draw" && l.action.god === god);
    const pile = svg("g", { class: "hd-deck", "data-god": god, "data-action": draws.length ? "draw" : null });
    pile.append(svg("rect", { x: cx, y: 28, width: colW - 6, height: 80, fill: "#fff", "fill-opacity": 0 }));
    for (let k = 2; k >= 0; k--) pile.append(cardBack(cx + 4 + k * 2.5, 36 - k * 2.5, 46, 66, god, { opacity: deck.cards_left > k ? 1 : 0.25 }));
    pile.append(label(cx + 58, 50, GOD_NAMES[god], 13, { "font-weight": 700, fill: GOD_DARK[god] }));
    pile.append(label(cx + 58, 68, `${deck.cards_left} left`, 13, { class: "hd-deck-count", "data-count": deck.cards_left }));
    if (draws.length) {
      pile.append(svg("rect", { x: cx + 56, y: 78, width: 52, height: 22, rx: 11, fill: GOLD }));
      pile.append(text(cx + 82, 93, "draw", { "font-size": 12, "font-weight": 700, fill: INK, "text-anchor": "middle" }));
      target(pile, draws.map((l) => l.index), ui, draws[0].label);
    }
    g.append(pile);
    const discards = Object.entries(deck.discards ?? {});
    const total = discards.reduce((a, [, n]) => a + n, 0);
    const lines = discards.map(([id, n]) => `${view.card_info?.[id]?.name ?? id}${n > 1 ? ` ×${n}` : ""}`);
    const room = Math.floor((h - 128) / 13);
    const shown = lines.length > room ? [...lines.slice(0, room - 1), `+${lines.length - room + 1} more`] : lines;
    g.append(label(cx + 4, 120, total ? `${total} discarded` : "no discards", 11, { fill: MUTED }));
    shown.forEach((line, k) => g.append(label(cx + 4, 134 + k * 13, line, 11, { fill: GOD_DARK[god] })));
  });
  root.append(g);
}

export function stackPanel(root, ctx, x, y, w, h) {
  const { view, model, ui } = ctx;
  const stack = view.stack ?? { tiles: 0, under: [] };
  const g = panel(x, y, w, h, { class: "hd-stack" });
  const kinds = ["voyage", "explore"];
  const acts = (model.legal ?? []).filter((l) => kinds.includes(l.action.kind));
  const pile = svg("g", { class: "hd-stack-pile", "data-action": acts.length ? acts[0].action.kind : null });
  pile.append(svg("rect", { x: 4, y: 4, width: 64, height: h - 8, fill: "#fff", "fill-opacity": 0 }));
  for (let k = Math.min(4, stack.tiles) - 1; k >= 0; k--) {
    pile.append(svg("polygon", { points: "0,-22 19,-11 19,11 0,22 -19,11 -19,-11", transform: `translate(${36},${h / 2 - k * 3})`, fill: "#8a6a3f", stroke: "#4d3a20", "stroke-width": 1 }));
  }
  pile.append(text(36, h / 2 + 5 - Math.min(3, Math.max(0, stack.tiles - 1)) * 3, stack.tiles, { "font-size": 15, "font-weight": 700, fill: "#fdf6e3", "text-anchor": "middle", class: "hd-stack-count" }));
  if (acts.length) {
    pile.append(svg("circle", { cx: 36, cy: h / 2 - 6, r: 30, fill: "none", stroke: GOLD, "stroke-width": 2.5, "stroke-dasharray": "6 4" }));
    target(pile, acts.map((l) => l.index), ui, acts[0].label);
  }
  g.append(pile);
  g.append(label(72, 26, "Tile stack", 14, { "font-weight": 700 }));
  g.append(label(72, 44, `${stack.tiles} face down`, 12.5, { fill: MUTED }));
  // Tiles known to lie at the bottom (set aside in order) and, for the viewer, at the top (Oracle).
  let tx = 186;
  const group = (caption, ids, title) => {
    if (!ids?.length) return;
    const start = tx;
    const shown = ids.slice(0, 3);
    const grp = svg("g", { class: "hd-stack-known" }, [svg("title", {}, [title])]);
    grp.append(label(start - 12, 17, caption, 10.5, { fill: MUTED }));
    for (const id of shown) {
      const info = view.tile_info?.[id];
      grp.append(miniTile(tx, 38, 12, id, info ? rotated(info.edges, 0) : null, { temple: info?.temple, label: id }));
      tx += 28;
    }
    if (ids.length > shown.length) {
      grp.append(label(tx - 10, 42, `+${ids.length - shown.length}`, 11, { fill: MUTED }));
      tx += 14;
    }
    g.append(grp);
    tx = Math.max(tx, start + caption.length * 5.4) + 14;
  };
  group("bottom", stack.under, `At the bottom of the stack, in order: ${(stack.under ?? []).join(", ")}`);
  const top = stack.top_known;
  group(top?.in_order ? "top, in order" : "among the top", top?.tiles, "Tiles you saw on top of the stack");
  root.append(g);
}

// The viewer's hand face up; a spectator sees both hands as backs by god.
export function handArea(root, ctx, x, y, w, h) {
  const { view, model, ui } = ctx;
  const g = panel(x, y, w, h, { class: "hd-hand" });
  if (model.seat == null || !view.hand) {
    g.append(label(16, 26, "Spectating: the hands are hidden", 14, { "font-weight": 700 }));
    (view.players ?? []).forEach((pl, p) => {
      const bx = 16 + p * (w / 2);
      g.append(label(bx, 54, `${ctx.name(p)}: ${pl.hand_size} card${pl.hand_size === 1 ? "" : "s"}`, 13, { fill: ctx.colour(p), "font-weight": 700 }));
      let cx = bx;
      for (const god of GODS) {
        for (let k = 0; k < (pl.cards_by_god?.[god] ?? 0); k++) {
          g.append(cardBack(cx, 66, 50, 72, god, { class: "hd-card-back hd-hidden-card" }));
          cx += 34;
        }
        if (pl.cards_by_god?.[god]) cx += 24;
      }
    });
    chainRow(g, ctx, 16, 146, w - 32);
    root.append(g);
    return;
  }
  const playable = Object.entries(view.hand.playable ?? {});
  const fresh = Object.entries(view.hand.drawn_this_turn ?? {});
  const cards = [];
  for (const [id, n] of playable) for (let k = 0; k < n; k++) cards.push({ id, fresh: false });
  for (const [id, n] of fresh) for (let k = 0; k < n; k++) cards.push({ id, fresh: true });
  g.append(label(16, 24, `Your hand · ${cards.length} card${cards.length === 1 ? "" : "s"}`, 14, { "font-weight": 700 }));
  const notes = [];
  if (view.light_plays_no_cards && view.turn <= 1) notes.push("Light plays no cards in his first turn");
  const known = Object.entries(view.known_opponent_cards ?? {});
  if (known.length) notes.push(`You know ${ctx.name(1 - model.seat)} holds ${known.map(([id, n]) => `${view.card_info?.[id]?.name ?? id}${n > 1 ? ` ×${n}` : ""}`).join(", ")}`);
  if (notes.length) g.append(label(w - 16, 24, notes.join(" · "), 12, { fill: MUTED, "text-anchor": "end", class: "hd-hand-notes" }));
  const cw = 100;
  const ch = h - 44;
  const step = cards.length > 1 ? Math.min(cw + 8, (w - 32 - cw) / (cards.length - 1)) : 0;
  cards.forEach((card, i) => {
    const face = cardFace(16 + i * step, 34, cw, ch, card.id, view.card_info?.[card.id], { fresh: card.fresh });
    face.classList.add("hd-hand-card");
    if (!card.fresh) {
      const acts = (model.legal ?? []).filter((l) => (l.action.kind === "play" || l.action.kind === "discard") && l.action.card === card.id);
      if (acts.length) {
        face.setAttribute("data-action", acts[0].action.kind);
        face.append(svg("rect", { x: -2, y: -2, width: cw + 4, height: ch + 4, rx: 9, fill: "none", stroke: acts[0].action.kind === "discard" ? "#b3261e" : GOLD, "stroke-width": 3 }));
        target(face, acts.map((l) => l.index), ui, acts[0].label);
      }
    }
    g.append(face);
  });
  if (!cards.length) g.append(label(16, 60, "No cards.", 13, { fill: MUTED }));
  root.append(g);
}

function chainRow(g, ctx, x, y, w) {
  const chain = ctx.view.chain ?? [];
  if (!chain.length) return;
  g.append(label(x, y, "On the table:", 12, { fill: MUTED }));
  chain.forEach((link, i) => {
    const info = ctx.view.card_info?.[link.card];
    g.append(label(x + 90 + i * 170, y, `${ctx.name(link.player)}: ${info?.name ?? link.card}`, 12, { fill: ctx.colour(link.player), "font-weight": 700 }));
  });
}

const COMMANDS = {
  burst: "Burst of Strength", voyage: "Voyage", end: "End turn", stop: "Stop the burst", done: "Done",
  pass: "Pass", resolve: "Resolve", calloff: "Call off", explore: "Draw the tile", giveup: "Give up",
};

function button(x, y, w, h, words, l, ui, primary) {
  const g = svg("g", { transform: `translate(${x},${y})`, class: "hd-button", "data-action": l.action.kind });
  g.append(svg("rect", { width: w, height: h, rx: h / 2, fill: primary ? "#1f5f8b" : "#fff", stroke: "#1f5f8b", "stroke-width": 1.5 }));
  g.append(text(w / 2, h / 2 + 5, words, { "font-size": 13.5, "font-weight": 700, fill: primary ? "#fff" : "#1f5f8b", "text-anchor": "middle" }));
  return target(g, [l.index], ui, l.label);
}

function phaseTitle(view) {
  if (view.game_over) return "The game is over";
  if (view.burst_actions_left != null) return `Burst of Strength · ${view.burst_actions_left} left`;
  if (view.placements_left != null) return `${view.phase} · ${view.placements_left} to place`;
  if (view.retreating_greeks != null) return `Orderly retreat · ${view.retreating_greeks} Greek${view.retreating_greeks === 1 ? "" : "s"}`;
  const p = view.phase ?? "";
  return p.charAt(0).toUpperCase() + p.slice(1);
}

// What is under way, and the choices that are not places on the map.
export function tray(root, ctx, x, y, w, h) {
  const { view, model, ui } = ctx;
  const legal = model.legal ?? [];
  const g = panel(x, y, w, h, { class: "hd-tray" });
  g.append(label(14, 24, phaseTitle(view), 15, { "font-weight": 700, class: "hd-phase" }));
  if (view.stall_limit) {
    // The stall clock runs only once no tile left can be laid (spec Q9): until then it is off.
    const closed = Boolean(view.map_closed);
    const shown = closed ? `quiet turns ${view.turns_since_change ?? 0}/${view.stall_limit}` : "stall rule: off while tiles fit";
    const stall = label(w - 14, 24, shown, 11.5, { fill: MUTED, "text-anchor": "end", class: "hd-stall", "data-closed": closed ? "yes" : "no" });
    const records = (view.players ?? []).map((pl) => `${ctx.name(pl.seat)}: ${pl.record_cities}`).join(", ");
    const when = closed ? "No tile left in the stack can be laid: the game" : "Once no tile left in the stack can be laid, the game";
    stall.append(svg("title", {}, [`${when} ends after ${view.stall_limit} turns in a row in which neither player holds more cities than ever before (most held so far: ${records})`]));
    g.append(stall);
  }
  let cy = 44;
  const line = (words, attrs = {}) => {
    for (const part of wrap(words, Math.floor((w - 28) / 6.4), 2)) {
      g.append(label(14, cy, part, 12.5, { fill: "#4a4238", ...attrs }));
      cy += 16;
    }
  };
  if (view.double_action) line(`Double Action: ${view.double_action === "burst first" ? "Burst first, then a Voyage or an Attack" : "now a Voyage or an Attack"}`);
  if (view.regroup) line(view.regroup.into != null ? `Regroup into city ${view.regroup.into}` : "Regroup freely between your cities");
  if (legal.some((l) => l.action.kind === "march" || l.action.kind === "sail")) {
    line(ctx.selected == null ? "Click a city to move pieces from, then + on a city to move them to." : `Moving from city ${ctx.selected}: click + on a city (a Greek or a ship). Click city ${ctx.selected} again to drop it.`, { fill: "#7a6220" });
  }
  if (legal.some((l) => l.action.kind === "recruit" || l.action.kind === "build")) line("Click + on a city to recruit a Greek or build a ship; a deck to draw.", { fill: "#7a6220" });
  if (legal.some((l) => l.action.kind === "at")) line("Click a marked site on the map to lay the tile there.", { fill: "#7a6220" });
  const HINTS = {
    attack: "Click an enemy city marked in red to attack it.",
    pay: "Click a city next to the new tile to pay a ship from it.",
    settle: "Click a city with two Greeks or more to send the settler.",
    forced: "Forced March: click the city that joins the attack.",
    retreat: "Click a city of yours to withdraw a Greek to it.",
    levy: "Levy: click a city to place a Greek in it.",
    launch: "Shipwrights: click a city to place a ship at it.",
    discard: "Too many cards: click one in your hand to discard it.",
  };
  for (const [kind, words] of Object.entries(HINTS)) {
    if (legal.some((l) => l.action.kind === kind)) line(words, { fill: "#7a6220" });
  }
  const attack = view.attack;
  if (attack) {
    const sent = (attack.sources ?? []).filter((s) => s.greeks).map((s) => `${s.greeks} from ${s.city}`).join(", ");
    line(`Attack on city ${attack.target}${sent ? `: ${sent}` : ""}`, { "font-weight": 600 });
    if (attack.attacker_strength != null) {
      const attacker = view.active;
      const defender = 1 - attacker;
      const duel = svg("g", { transform: `translate(14,${cy - 4})`, class: "hd-duel" });
      duel.append(greek(10, 26, 24, ctx.colour(attacker)));
      duel.append(text(26, 25, attack.attacker_strength, { "font-size": 26, "font-weight": 800, fill: ctx.colour(attacker) }));
      duel.append(text(66, 22, "vs", { "font-size": 13, fill: MUTED, "text-anchor": "middle" }));
      duel.append(text(80, 25, attack.defender_strength, { "font-size": 26, "font-weight": 800, fill: ctx.colour(defender) }));
      duel.append(greek(116, 26, 24, ctx.colour(defender)));
      g.append(duel);
      cy += 36;
      const kind = attack.sea ? "by sea: the attacker needs one more" : "by land: a tie is enough";
      line(`${attack.attacker_strength} against ${attack.defender_strength} · ${kind}`, { class: "hd-strengths" });
    }
    const mods = [attack.battle_fury && `Battle Fury ×${attack.battle_fury}`, attack.stand_firm && `Stand Firm ×${attack.stand_firm}`, attack.beachhead && "Beachhead", attack.rocky_coast && "Rocky Coast"].filter(Boolean);
    if (mods.length) line(mods.join(" · "));
  }
  const voyage = view.voyage;
  if (voyage) {
    const extras = [voyage.favourable_winds && "Favourable Winds", voyage.free_passage && "Free Passage"].filter(Boolean);
    if (extras.length) line(extras.join(" · "));
    if (voyage.site && voyage.tile) {
      line(`${ctx.name(view.active)} lays ${voyage.tile} at (${voyage.site[0]},${voyage.site[1]}), marked on the map.`);
      if (model.to_move != null && model.to_move !== view.active) line(`${ctx.name(model.to_move)} may answer with a Storm.`);
    }
  }
  const chain = view.chain ?? [];
  if (chain.length) {
    line(`On the table: ${chain.map((c) => `${ctx.name(c.player)}'s ${view.card_info?.[c.card]?.name ?? c.card}`).join(" ← ")}`, { "font-weight": 600 });
  }

  // Tiles to look at or choose: the tile to lay, rotations, Sea Chart, Oracle.
  const tiles = [];
  const turns = legal.filter((l) => l.action.kind === "turn");
  const uses = legal.filter((l) => l.action.kind === "use");
  const orders = legal.filter((l) => l.action.kind === "order");
  const layingId = voyage?.tile ?? (view.drawn_tiles?.length === 1 ? view.drawn_tiles[0] : null);
  if (turns.length && layingId) {
    const info = view.tile_info?.[layingId];
    for (const l of turns) tiles.push({ id: layingId, edges: info ? rotated(info.edges, l.action.k) : null, temple: info?.temple, caption: `turn ${l.action.k}`, l });
  } else if (uses.length) {
    for (const l of uses) { const info = view.tile_info?.[l.action.tile]; tiles.push({ id: l.action.tile, edges: info?.edges, temple: info?.temple, caption: `use ${l.action.tile}`, l }); }
  } else if (orders.length) {
    for (const l of orders) { const info = view.tile_info?.[l.action.tile]; tiles.push({ id: l.action.tile, edges: info?.edges, temple: info?.temple, caption: l.action.tile, l }); }
  } else {
    for (const id of view.drawn_tiles?.length ? view.drawn_tiles : voyage?.tile && !voyage.site ? [voyage.tile] : []) {
      const info = view.tile_info?.[id];
      tiles.push({ id, edges: info?.edges, temple: info?.temple, caption: id });
    }
  }
  if (tiles.length) {
    if (!tiles[0].l) line(view.turn ? "The voyage tile:" : `${ctx.name(model.to_move ?? view.active)} lays:`);
    else line(turns.length ? "Choose how to turn the tile:" : uses.length ? "Sea Chart: use which tile?" : "Oracle: which tile goes next?");
    const r = Math.min(34, (w - 28) / (tiles.length * 2.2));
    tiles.forEach((t, i) => {
      const tile = miniTile(14 + r * 1.1 + i * r * 2.2, cy + r + 2, r, t.id, t.edges, { temple: t.temple, label: t.caption });
      if (t.l) {
        tile.setAttribute("data-action", t.l.action.kind);
        tile.prepend(svg("circle", { r: r * 1.08, fill: "#fff3c4", stroke: GOLD, "stroke-width": 2 }));
        target(tile, [t.l.index], ui, t.l.label);
      }
      g.append(tile);
    });
    cy += r * 2 + 22;
  }

  // Numbers to choose: Greeks to send, ships to bring.
  const counts = legal.filter((l) => l.action.kind === "commit" || l.action.kind === "fleet");
  if (counts.length) {
    const kind = counts[0].action.kind;
    const asked = attack?.sources?.find((s) => s.greeks == null);
    line(kind === "commit" ? `Greeks to send${asked ? ` from city ${asked.city}` : ""}:` : "Ships to bring from your supply:");
    const bw = Math.min(44, (w - 28) / counts.length - 6);
    counts.forEach((l, i) => g.append(button(14 + i * (bw + 6), cy - 6, bw, 28, String(l.action.count), l, ui, false)));
    cy += 30;
  }

  // The remaining plain choices as buttons along the bottom.
  const commands = legal.filter((l) => COMMANDS[l.action.kind]);
  let bx = 14;
  let by = h - 40;
  const primary = new Set(["burst", "voyage", "resolve", "explore"]);
  for (const l of commands) {
    const words = COMMANDS[l.action.kind];
    const bw = Math.max(64, words.length * 8 + 22);
    if (bx + bw > w - 10) { bx = 14; by -= 36; }
    g.append(button(bx, by, bw, 28, words, l, ui, primary.has(l.action.kind)));
    bx += bw + 8;
  }
  if (view.game_over) {
    cy += 4;
    const order = (view.players ?? []).map((pl, p) => p).sort((a, b) => (view.places?.[a] ?? a) - (view.places?.[b] ?? b));
    for (const p of order) {
      const pl = view.players[p];
      const won = view.winner === p;
      g.append(greek(24, cy + 6, 20, ctx.colour(p)));
      g.append(label(40, cy, `${ctx.name(p)}${won ? " — winner" : ""}`, 14, { "font-weight": 700, fill: ctx.colour(p) }));
      g.append(label(40, cy + 17, `${pl.cities} cities · ${pl.greeks_on_map} Greeks on the map · ${pl.temples} temples`, 12.5, { fill: "#4a4238" }));
      cy += 42;
    }
    if (view.end) line(`Ended: ${view.end}`);
  }
  if (!legal.length) {
    const waiting = view.game_over ? "" : model.seat == null ? "Watching." : "Waiting for the other player.";
    if (waiting) g.append(label(14, h - 18, waiting, 12.5, { fill: MUTED }));
  }
  root.append(g);
}

// The top of the board: whose turn and what is going on, the common supply (landscape deck, discard pile,
// amphorae, board tiles left), and the board tile being laid with its possible turns.
import { svg, text, target } from "../../js/svg.js";
import { hexPoints, footprint, rotated, unit } from "./geometry.js";
import { LAND, LANDSCAPES, BLANK_TINT, INK, MUTED, ACCENT, GOLD, inkOn, landscapeIcon, landscapeCard, cardBack, amphoraIcon, costPips } from "./art.js";
import { shorten, plural, stackName } from "./context.js";

const BASE = { draw: 2, build: 3 };

export function owedText(pending) {
  const c = pending.owed_symbols || {};
  const g = pending.owed_points || 0;
  const symbols = LANDSCAPES.map((t) => t.repeat(c[t] || 0)).join("");
  const open = symbols.length;
  const generic = g - 2 * open;
  if (generic >= 0) {
    if (!open) return generic ? `${generic} card${generic === 1 ? "" : "s"} of any type` : "nothing";
    return `${symbols}${generic ? ` + ${generic} any` : ""} (its card or any 2 each)`;
  }
  return `${g} points (a ${symbols} card counts 2, any other 1)`;
}

function paidText(pending) {
  const p = pending.paid || {};
  const s = LANDSCAPES.map((t) => t.repeat(p[t] || 0)).join(" ").trim();
  return s || "nothing yet";
}

function turnText(ctx) {
  const v = ctx.view;
  if (v.mode === "draw" || v.mode === "build") {
    const unit = v.mode === "draw" ? "draw" : "build";
    const allowed = BASE[v.mode] + (v.extra_actions || 0);
    const extra = v.extra_actions ? ` (+${v.extra_actions} by amphora)` : "";
    return `${v.mode === "draw" ? "Draw" : "Build"} turn · ${v.actions_used} of ${allowed} ${unit}s used${extra}`;
  }
  return "Draw up to 2 buildings or build up to 3 from storage";
}

export function promptText(ctx) {
  const v = ctx.view;
  const mine = !!v.your_turn && ctx.model.legal.length > 0;
  const actor = ctx.name(v.active);
  const pend = v.pending;
  const bname = pend && pend.building ? ctx.building(pend.building).name : null;
  switch (v.phase) {
    case "actions":
      if (!mine) return `${actor} is choosing what to do.`;
      if (v.mode === "draw") return "Draw again from one of your stacks, or click the deck to stop and take cards.";
      if (ctx.model.legal.length === 1) return "Nothing you can pay for is left to do: click the deck to stop and take cards.";
      if (v.mode === "build") return "Build another building from your storage board, or click the deck to stop and take cards.";
      return "Click a stack to draw, a building on your storage board to build it, or the deck to take cards.";
    case "drawn building: build it or store it":
      if (mine && ctx.model.legal.length === 1) return `You drew the ${bname}: you cannot pay for it anywhere, so it goes to your storage board (click it).`;
      if (mine) return `You drew the ${bname}: click a marked space to build it, or your storage board to keep it.`;
      return bname ? `${actor} drew the ${bname}: building or storing it.` : `${actor} drew a building from ${stackName(pend ? pend.from_stack : 0)}.`;
    case "choosing a space":
      return mine ? `Choose a space for the ${bname}: the badges show what you would pay.` : `${actor} is choosing a space for the ${bname}.`;
    case "paying": {
      const where = pend && pend.space ? ` on ${pend.space.q},${pend.space.r}` : "";
      const owed = `owed ${owedText(pend)} · paid ${paidText(pend)}`;
      return mine ? `Pay for the ${bname}${where} with your cards: ${owed}.` : `${actor} is paying for the ${bname}${where}: ${owed}.`;
    }
    case "placing a board tile":
      return mine ? `Lay board tile ${v.tile_to_lay}: click a gold-marked hex for its centre.` : `${actor} is laying board tile ${v.tile_to_lay}.`;
    case "turning the board tile":
      return mine ? `Turn board tile ${v.tile_to_lay}: pick one of the turns on the right.` : `${actor} is turning board tile ${v.tile_to_lay}.`;
    case "landscape cards":
      return mine ? "Return amphorae for one card each, or finish your turn." : `${actor} is taking landscape cards.`;
    case "game over":
      return "";
    default:
      return v.phase ? `${v.phase[0].toUpperCase()}${v.phase.slice(1)}…` : "";
  }
}

// A small mini board tile (7 hexes) for the tile being laid.
function miniTile(cx, cy, size, symbols, k) {
  const turned = rotated(symbols, k);
  return svg("g", {}, footprint(0, 0).map(([q, r], i) => {
    const [ux, uy] = unit(q, r);
    const x = cx + ux * size;
    const y = cy + uy * size;
    const sym = turned[i];
    return svg("g", {}, [
      svg("polygon", { points: hexPoints(x, y, size), fill: sym ? LAND[sym].tint : BLANK_TINT, stroke: "#7b6a48", "stroke-width": 0.8 }),
      sym ? landscapeIcon(sym, x, y, size * 0.42) : null,
    ]);
  }));
}

export function drawHeader(ctx, width) {
  const v = ctx.view;
  const g = svg("g", { class: "attika-header" });
  const over = !!v.game_over || !!ctx.model.finished;
  // Title line.
  if (over) {
    // A game a seat forfeited is over outside the rules (no winner in the view): the model's places and
    // end_reason ("alice lost on time") say how, so the board never contradicts the score table.
    const forfeit = !v.game_over && Array.isArray(ctx.model.places) ? ctx.model.places.indexOf(1) : -1;
    const w = forfeit >= 0 ? forfeit : v.winner;
    const none = w === null || w === undefined;
    const how = forfeit >= 0 ? ctx.model.end_reason || "The game was stopped"
      : v.win_reason === "all buildings" ? "All 30 buildings on the board" : "Two shrines connected by one settlement";
    const title = none ? "The game is over without a winner" : `${shorten(ctx.name(w), 22)}${ctx.seat === w ? " (you)" : ""} wins!`;
    g.append(svg("g", { class: "attika-result", "data-winner": none ? "" : w }, [
      none ? null : svg("circle", { cx: 22, cy: 24, r: 12, fill: ctx.colour(w), stroke: GOLD, "stroke-width": 3 }),
      none ? null : text(22, 29, "★", { "text-anchor": "middle", "font-size": 14, fill: inkOn(ctx.colour(w)) }),
      text(none ? 8 : 44, 31, title, { "font-size": 22, "font-weight": 700, fill: INK }),
    ]));
    const why = none ? (v.win_reason === "stalemate" ? "Nobody can act any more" : "Game over") : how;
    g.append(text(8, 56, `${why} · turn ${v.turn}${none ? "" : " · game over"}`, { "font-size": 14, fill: MUTED }));
  } else {
    const p = v.active;
    const who = `Turn ${v.turn} · ${shorten(ctx.name(p), 22)}${ctx.seat === p ? " (you)" : ""}`;
    g.append(svg("g", { class: "attika-turn", "data-active": p }, [
      svg("circle", { cx: 22, cy: 24, r: 11, fill: ctx.colour(p), stroke: "#fff", "stroke-width": 2 }),
      svg("path", { d: "M 18 18 L 29 24 L 18 30 Z", fill: inkOn(ctx.colour(p)) }),
      text(42, 31, who, { "font-size": 21, "font-weight": 700, fill: INK }),
    ]));
    g.append(text(8, 56, turnText(ctx), { "font-size": 14, fill: MUTED }));
  }
  const prompt = promptText(ctx);
  if (prompt) {
    g.append(text(8, 80, prompt, { "font-size": 14.5, "font-weight": 600, fill: v.your_turn ? ACCENT : INK, class: "attika-prompt" }));
  }

  // The common supply, right-aligned.
  const sx = width - 392;
  const supply = svg("g", { class: "attika-supply" });
  const label = (x, s) => text(x, 64, s, { "text-anchor": "middle", "font-size": 10.5, fill: MUTED, "letter-spacing": "0.04em" });
  // Landscape deck: clicking it stops and takes the cards (the "end" action).
  const deck = svg("g", { class: "attika-deck", "data-count": v.supply_cards ?? 0 }, [
    v.supply_cards ? cardBack(sx + 2, 10, 30, 42) : svg("rect", { x: sx + 2, y: 10, width: 30, height: 42, rx: 3.5, fill: "none", stroke: "#b9a783", "stroke-dasharray": "3 2" }),
    v.supply_cards > 1 ? cardBack(sx + 5, 7, 30, 42) : null,
    text(sx + 20, 35, String(v.supply_cards ?? 0), { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff", stroke: "#5e2814", "stroke-width": 3, "paint-order": "stroke" }),
  ]);
  const endIdx = ctx.matching((a) => a.kind === "end");
  if (endIdx.length) {
    const take = (ctx.label(endIdx[0]).match(/take (\d+)/) || [])[1];
    deck.insertBefore(svg("rect", { x: sx - 4, y: 2, width: 46, height: 68, rx: 6, fill: "rgba(31,95,139,0.07)", stroke: ACCENT, "stroke-width": 2, class: "attika-cue attika-pulse" }), deck.firstChild);
    deck.append(text(sx + 19, 64, take === undefined ? "STOP" : `TAKE ${take}`, { "text-anchor": "middle", "font-size": 10.5, fill: ACCENT, "font-weight": 700, "letter-spacing": "0.04em" }));
  } else {
    deck.append(label(sx + 19, "DECK"));
  }
  supply.append(target(deck, endIdx, ctx.ui, endIdx.length ? ctx.labels(endIdx) : undefined));
  if (!endIdx.length) deck.append(svg("title", {}, [`${plural(v.supply_cards ?? 0, "landscape card")} in the supply`]));
  // Discard pile (face up, public).
  const discard = v.discard || {};
  const dx = sx + 50;
  const pile = svg("g", { class: "attika-discard" });
  LANDSCAPES.forEach((t, i) => pile.append(svg("g", { "data-card": t, "data-count": discard[t] || 0 }, [landscapeCard(dx + i * 30, 12, 26, 38, t, discard[t] || 0)])));
  pile.append(label(dx + 58, "DISCARD"));
  pile.append(svg("title", {}, [`Discard pile: ${LANDSCAPES.map((t) => `${discard[t] || 0} ${LAND[t].name}`).join(", ")}`]));
  supply.append(pile);
  // Amphorae in the supply.
  const ax = sx + 186;
  supply.append(svg("g", { class: "attika-amphora-supply", "data-count": v.amphora_supply ?? 0 }, [
    amphoraIcon(ax + 14, 30, 17, !v.amphora_supply),
    text(ax + 36, 37, `×${v.amphora_supply ?? 0}`, { "font-size": 16, "font-weight": 700, fill: INK }),
    label(ax + 26, "AMPHORAE"),
    svg("title", {}, [`${plural(v.amphora_supply ?? 0, "amphora", "amphorae")} in the supply`]),
  ]));
  // Board tiles left.
  const tx = sx + 274;
  const tiles = svg("g", { class: "attika-tiles-left", "data-count": v.board_tiles_left ?? 0 });
  for (let i = Math.min(3, v.board_tiles_left || 0) - 1; i >= 0; i--) {
    tiles.append(svg("polygon", { points: hexPoints(tx + 16, 30 - i * 3, 15), fill: i ? "#b8a57e" : "#d8c7a0", stroke: "#7b6a48", "stroke-width": 1 }));
  }
  if (!v.board_tiles_left) tiles.append(svg("polygon", { points: hexPoints(tx + 16, 30, 15), fill: "none", stroke: "#b9a783", "stroke-dasharray": "3 2" }));
  tiles.append(text(tx + 40, 37, `×${v.board_tiles_left ?? 0}`, { "font-size": 16, "font-weight": 700, fill: INK }));
  tiles.append(label(tx + 28, "BOARD TILES"));
  tiles.append(svg("title", {}, [`${plural(v.board_tiles_left ?? 0, "board tile")} left to add`]));
  supply.append(tiles);
  g.append(supply);
  return { node: g, height: prompt ? 94 : 72 };
}

// The tray for a board tile being laid: the tile itself, and when the viewer turns it, the six turns.
export function drawTileTray(ctx, width, onPreview) {
  const v = ctx.view;
  if (!v.tile_to_lay || !v.tile_to_lay_symbols) return null;
  const symbols = v.tile_to_lay_symbols;
  const rotateIdx = ctx.matching((a) => a.kind === "rotate");
  const g = svg("g", { class: "attika-tile-tray" });
  const h = 92;
  g.append(svg("rect", { x: 0, y: 0, width, height: h, rx: 10, fill: "#fbf5e6", stroke: "#d9cfbd" }));
  g.append(text(16, 24, `Board tile ${v.tile_to_lay}`, { "font-size": 15, "font-weight": 700, fill: INK }));
  const status = v.phase === "turning the board tile" ? "being turned" : v.phase === "placing a board tile" ? "to lay" : "";
  g.append(text(16, 42, status, { "font-size": 12.5, fill: MUTED }));
  g.append(svg("g", { class: "attika-tile-preview" }, [miniTile(170, 48, 13, symbols, 0)]));
  if (rotateIdx.length) {
    g.append(text(262, 40, "Turn it:", { "font-size": 14, "font-weight": 600, fill: ACCENT }));
    g.append(text(262, 58, "hover to see it", { "font-size": 11, fill: MUTED }));
    const options = svg("g", { class: "attika-rotations" });
    rotateIdx.forEach((i, n) => {
      const a = ctx.model.legal.find((l) => l.index === i).action;
      const cx = 400 + n * 92;
      const opt = svg("g", { class: "attika-rotation", "data-rotation": a.rotation }, [
        svg("rect", { x: cx - 42, y: 6, width: 84, height: 80, rx: 8, fill: "#fffdf7", stroke: ACCENT, "stroke-width": 1.4 }),
        miniTile(cx, 44, 11.5, symbols, a.rotation),
        text(cx + 36, 20, `${a.rotation * 60}°`, { "text-anchor": "end", "font-size": 10.5, fill: MUTED }),
      ]);
      opt.addEventListener("mouseenter", () => onPreview && onPreview(a.rotation));
      opt.addEventListener("mouseleave", () => onPreview && onPreview(0));
      options.append(target(opt, [i], ctx.ui, ctx.label(i)));
    });
    g.append(options);
  } else if (v.phase === "placing a board tile" && ctx.matching((a) => a.kind === "tile").length) {
    g.append(text(262, 42, "Click a gold-marked hex on the map for the tile's centre;", { "font-size": 14, "font-weight": 600, fill: ACCENT }));
    g.append(text(262, 62, "hover one to see the tile there. You choose how it is turned next.", { "font-size": 12.5, fill: MUTED }));
  } else {
    const actor = shorten(ctx.name(v.active), 22);
    const doing = v.phase === "turning the board tile" ? "choosing how to turn it" : "choosing where to lay it";
    g.append(text(262, 52, `${actor} is ${doing}: it touches the board or a shrine and overlaps nothing.`, { "font-size": 13, fill: MUTED }));
  }
  return { node: g, height: h };
}

// A one-line legend under the board: the landscapes, shrines, main buildings, costs and copies.
export function drawLegend(ctx, width) {
  const g = svg("g", { class: "attika-legend" });
  const y = 18;
  let x = 8;
  const label = (s) => {
    g.append(text(x, y + 4.5, s, { "font-size": 12, fill: MUTED }));
    x += s.length * 6.6 + 18;
  };
  for (const t of LANDSCAPES) {
    g.append(svg("polygon", { points: hexPoints(x + 10, y, 11), fill: LAND[t].tint, stroke: "#c9b78f" }));
    g.append(landscapeIcon(t, x + 10, y, 6.5));
    x += 26;
    label(LAND[t].name);
  }
  g.append(svg("polygon", { points: hexPoints(x + 10, y, 11), fill: "#17130f", stroke: GOLD, "stroke-width": 1.2 }));
  x += 26;
  label("shrine");
  g.append(svg("circle", { cx: x + 9, cy: y, r: 9, fill: ctx.colour(0), stroke: "#15110d", "stroke-width": 2.5 }));
  x += 24;
  label("main building");
  g.append(costPips("WMF", x + 12, y, 3));
  x += 30;
  label("cost");
  g.append(svg("circle", { cx: x + 4, cy: y, r: 3, fill: INK }));
  g.append(svg("circle", { cx: x + 13, cy: y, r: 3, fill: "none", stroke: "#bba987" }));
  x += 24;
  label("copies on the map / not yet");
  return { node: g, height: 34, width: x };
}

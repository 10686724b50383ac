// Everything around the island: the status banner, the players' boards, the action track and the supply.
import { svg, text, target } from "../../js/svg.js";
import * as icon from "./icons.js";

const SERIF = "Georgia, 'Times New Roman', serif";
const MUTED = "#7a7164";
const LINE = "#d9cfbd";

// Text that shrinks to fit a width (estimated: system-ui glyphs average about 0.58 em, bold 0.62 em).
function fitText(x, y, content, maxWidth, size, attrs = {}) {
  const em = attrs["font-weight"] >= 600 ? 0.62 : 0.56;
  const fitted = Math.min(size, maxWidth / Math.max(1, String(content).length * em));
  return text(x, y, content, { ...attrs, "font-size": fitted.toFixed(2) });
}

function ordinal(n) {
  return `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------- the banner

const DOING = {
  "choosing an action": "to place an action marker",
  building: "to build",
  "building a statue": "to build a statue",
  "placing pillars": "to place pillars",
  "mining: placing a tile": "to place the drawn tile",
  "mining: moving the quarry worker": "to move the quarry worker",
  "mining: drawing tiles or stopping": "to draw quarry tiles or stop",
  "taking marble": "to take the three marble or not",
};

function statusLines(ctx) {
  const { view, model } = ctx;
  if (model.finished || view.game_over) {
    const places = view.places || model.places || [];
    const winners = places.map((place, p) => (place === 1 ? p : -1)).filter((p) => p >= 0);
    const who = winners.map((p) => ctx.who(p)).join(" and ");
    const score = winners.length ? view.players[winners[0]].score : null;
    return {
      main: winners.length ? `Game over — ${who} ${winners.length > 1 ? "share the victory" : "wins"}${score !== null ? ` with ${score} points` : ""}` : "Game over",
      detail: "Final scores include the ring majority and 1 point per 5 marble.",
    };
  }
  const cur = view.current_action;
  const deciding = typeof view.to_move === "number" ? view.to_move : null;
  const main = deciding !== null ? `${ctx.who(deciding)} ${DOING[view.phase] || `: ${view.phase}`}` : view.phase;
  const bits = [];
  if (cur) {
    bits.push(`${cur.title}, chosen by ${ctx.who(cur.chosen_by)}`);
    if (cur.pillars_due) bits.push(`${plural(cur.pillars_due, "pillar")} to place${cur.pillars_from ? ` (temple ${cur.pillars_from} or later)` : ""}`);
    if (cur.tiles_placed !== null && cur.tiles_placed !== undefined) bits.push(`${cur.tiles_placed} of 4 tiles placed`);
    if (cur.drawn_tile) bits.push(`tile ${cur.drawn_tile} drawn: it goes on a quarry with a lower top`);
    if (cur.built && cur.built.length) bits.push(`built so far: ${cur.built.join(" and ")}`);
  } else if (deciding !== null) {
    bits.push(`${plural(view.markers_left[deciding], "marker")} left: choose a free space on the action track`);
  }
  return { main, detail: bits.join(" · ") };
}

export function drawHeader(ctx, box) {
  const { view, model } = ctx;
  const g = svg("g", { class: "hx-header" });
  g.append(svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 10, fill: "#2b2620" }));
  g.append(svg("path", {
    d: `M${box.x + 12},${box.y + box.h - 4} H${box.x + box.w - 12}`, stroke: "#c9a227", "stroke-width": 1.2,
    "stroke-dasharray": "10 4 2 4", opacity: 0.7,
  }));
  g.append(text(box.x + 18, box.y + 25, "HELLAS", {
    "font-family": SERIF, "font-size": 21, "letter-spacing": 3, fill: "#f7f3ea", "font-weight": 700,
  }));
  const round = view.game_over ? "game over" : `round ${view.round} of ${view.rounds} · turn ${Math.min(view.turn + 1, view.turns_in_round)} of ${view.turns_in_round}`;
  g.append(text(box.x + 18, box.y + 47, round, { "font-size": 12, fill: "#cfc6b5", class: "hx-round" }));

  // Whose turn: a disc in their colour, the words, and a "your turn" pill for the viewer.
  const { main, detail } = statusLines(ctx);
  const deciding = typeof view.to_move === "number" ? view.to_move : null;
  let x = box.x + 190;
  if (deciding !== null && !view.game_over) {
    g.append(icon.markerDisc(x + 12, box.y + 25, 1.05, ctx.colour(deciding), deciding + 1, { class: "hx-to-move-disc", "data-seat": deciding }));
    x += 32;
  }
  const hasDecline = model.legal.some((l) => l.action && l.action.kind === "decline");
  const selector = ctx.buildPiece ? 70 + ctx.buildPieces.reduce((sum, p) => sum + 36 + p.length * 7.4, 0) : 0;
  const mainRoom = box.x + box.w - x - 130;
  const detailRoom = box.x + box.w - x - 20 - (hasDecline ? 150 : 0) - selector;
  g.append(fitText(x, box.y + 30, main, mainRoom, 17, { "font-weight": 700, fill: "#f7f3ea", class: "hx-status-main" }));
  if (detail) g.append(fitText(x, box.y + 51, detail, detailRoom, 12.5, { fill: "#d8cfbf", class: "hx-status-detail" }));

  // Right side: "your turn" or "spectating", a decline button and the piece selector when they apply.
  let right = box.x + box.w - 14;
  const pill = (label, fill, ink, cls) => {
    const w = label.length * 7.4 + 22;
    right -= w;
    g.append(svg("g", { class: cls }, [
      svg("rect", { x: right, y: box.y + 12, width: w, height: 24, rx: 12, fill }),
      text(right + w / 2, box.y + 28.5, label, { "text-anchor": "middle", "font-size": 12.5, "font-weight": 700, fill: ink }),
    ]));
    right -= 8;
  };
  if (ctx.seat === null || ctx.seat === undefined) pill("Spectating", "#4a433a", "#e9e2d4", "hx-spectating");
  else if (model.legal.length) pill("Your turn", "#c9a227", "#2b2620", "hx-your-turn");

  const declines = model.legal.filter((l) => l.action && l.action.kind === "decline");
  if (declines.length) {
    const label = /nothing more/i.test(declines[0].label) ? "Build nothing more" : "Decline";
    const w = label.length * 7 + 24;
    const bx = box.x + box.w - 14 - w;
    const button = svg("g", { class: "hx-decline", "data-action": "decline" }, [
      svg("rect", { x: bx, y: box.y + 40, width: w, height: 20, rx: 5, fill: "#f7f3ea", stroke: "#c9a227", "stroke-width": 1.2 }),
      text(bx + w / 2, box.y + 54, label, { "text-anchor": "middle", "font-size": 12, "font-weight": 600, fill: "#2b2620" }),
    ]);
    g.append(target(button, declines.map((d) => d.index), ctx.ui, declines[0].label));
  }
  return g;
}

// Segmented control: which piece a click on a space builds, when the legal builds offer more than one.
export function drawPieceSelector(ctx, x, y) {
  const pieces = ctx.buildPieces;
  const g = svg("g", { class: "hx-piece-selector" });
  g.append(text(x, y + 17, "Build a", { "font-size": 12.5, fill: "#f7f3ea", "font-weight": 600, "text-anchor": "end" }));
  let cx = x + 8;
  for (const piece of pieces) {
    const on = piece === ctx.buildPiece;
    const w = 30 + piece.length * 7.4;
    const button = svg("g", { class: `hx-piece-option${on ? " hx-on" : ""}`, "data-piece": piece, role: "button", tabindex: 0, cursor: "pointer" }, [
      svg("rect", { x: cx, y, width: w, height: 24, rx: 6, fill: on ? "#c9a227" : "#f7f3ea", stroke: on ? "#f7e7a1" : LINE, "stroke-width": 1.4 }),
      icon.pieceIcon(piece, cx + 14, y + 12.5, 0.62, ctx.seat === null ? "#a39c8e" : ctx.colour(ctx.seat), null),
      text(cx + 26, y + 16.5, piece, { "font-size": 12.5, "font-weight": 700, fill: "#2b2620" }),
    ]);
    const pick = () => ctx.selectPiece(piece);
    button.addEventListener("click", pick);
    button.addEventListener("keydown", (event) => { if (event.key === "Enter") pick(); });
    g.append(button);
    cx += w + 6;
  }
  return g;
}

// ---------------------------------------------------------------- the players

export function drawPlayers(ctx, box) {
  const { view } = ctx;
  const g = svg("g", { class: "hx-players" });
  const n = view.players.length;
  const gap = 8;
  const h = Math.min(176, (box.h - gap * (n - 1)) / n);
  const deciding = typeof view.to_move === "number" && !view.game_over ? view.to_move : null;
  const places = view.places || ctx.model.places;
  view.players.forEach((player, p) => {
    const y = box.y + p * (h + gap);
    g.append(playerCard(ctx, player, p, { x: box.x, y, w: box.w, h }, p === deciding, places ? places[p] : null));
  });
  const used = n * (h + gap);
  if (box.h - used >= 90) g.append(drawIslandNotes(ctx, { x: box.x, y: box.y + used, w: box.w, h: box.h - used }));
  return g;
}

// Where the column has room (two players): the temples, the active quarries and the tiles left in the stack.
function drawIslandNotes(ctx, box) {
  const { view } = ctx;
  const { x, y, w, h } = box;
  const g = svg("g", { class: "hx-notes" });
  g.append(svg("rect", { x, y, width: w, height: h, rx: 9, fill: "#fffdf8", stroke: LINE, "stroke-width": 1.2 }));
  let ly = y + 20;
  const heading = (words) => {
    g.append(text(x + 14, ly, words, { "font-size": 10.5, "font-weight": 700, "letter-spacing": 1.2, fill: MUTED }));
    ly += 17;
  };
  heading("TEMPLES");
  let tx = x + 14;
  for (const t of view.temples) {
    const full = t.pillars >= t.slots;
    const label = `${t.id} ${t.pillars}/${t.slots}`;
    g.append(text(tx, ly, label, { "font-size": 12.5, "font-weight": full ? 800 : 600, fill: full ? "#9a7b12" : "#2b2620" }));
    tx += label.length * 7.4 + 12;
  }
  ly += 22;
  heading("ACTIVE QUARRIES");
  const active = view.quarries.filter((q) => q.state === "active");
  let qx = x + 24;
  for (const q of active) {
    g.append(icon.tile(qx, ly - 3, 0.78, q.top, q.yield, 1));
    g.append(text(qx + 14, ly + 1, `on ${q.id}`, { "font-size": 12, fill: "#2b2620" }));
    qx += 36 + q.id.length * 7 + 14;
  }
  if (!active.length) g.append(text(x + 14, ly, "none", { "font-size": 12, fill: MUTED }));
  ly += 26;
  const tiles = (view.tile_stack && view.tile_stack.tiles) || [];
  if (ly + 30 < y + h) {
    heading(`TILES LEFT IN THE STACK: ${tiles.length}`);
    const perLine = Math.floor((w - 28) / 20);
    for (let i = 0; i < tiles.length && ly < y + h - 6; i += perLine) {
      g.append(text(x + 14, ly, tiles.slice(i, i + perLine).map((v) => String(v).padStart(2, "\u2007")).join(" "), {
        "font-size": 12, fill: "#5a5143", "font-variant-numeric": "tabular-nums",
      }));
      ly += 15;
    }
  }
  return g;
}

function playerCard(ctx, player, p, box, toMove, place) {
  const { view } = ctx;
  const colour = ctx.colour(p);
  const me = ctx.seat === p;
  const name = (ctx.model.names && ctx.model.names[p]) || player.name;
  const g = svg("g", {
    class: `hx-player${toMove ? " hx-to-move" : ""}${me ? " hx-me" : ""}`, "data-seat": p, "data-score": player.score,
    "data-marble": player.marble, "data-rings": player.rings,
  }, [svg("title", {}, [`${name}: ${player.score} points, ${player.marble} marble, ${player.rings} rings`])]);
  const { x, y, w, h } = box;
  g.append(svg("rect", {
    x, y, width: w, height: h, rx: 9, fill: me ? "#fffaf0" : "#fffdf8", stroke: toMove ? colour : LINE,
    "stroke-width": toMove ? 3 : 1.2, filter: toMove ? "url(#hx-glow)" : null,
  }));
  g.append(svg("rect", { x: x + 1.5, y: y + 1.5, width: 8, height: h - 3, rx: 4, fill: colour }));
  if (toMove) g.append(svg("path", { d: `M${x - 10},${y + 13} l9,8 l-9,8 Z`, fill: colour, class: "hx-turn-arrow" }));

  // Name line: colour disc with the seat number, name, tags; the score on the right.
  g.append(icon.markerDisc(x + 28, y + 21, 0.95, colour, p + 1));
  g.append(fitText(x + 45, y + 26, name, w - 170, 16, { "font-weight": 700, fill: "#2b2620", class: "hx-name" }));
  const tags = [];
  if (me) tags.push(["you", "#1f5f8b", "#fff", "you"]);
  if (place) tags.push([ordinal(place), place === 1 ? "#c9a227" : "#8a8170", place === 1 ? "#2b2620" : "#fff", ordinal(place)]);
  if (!view.game_over && view.start_player === p) tags.push(["start", "#efe6d2", "#5a5143", "start player of this round"]);
  if (!view.game_over && view.next_start_player === p) tags.push(["next start", "#efe6d2", "#5a5143", "starts the next round (first to choose a temple)"]);
  let tx = x + 51 + Math.min(w - 170, name.length * 16 * 0.62);
  for (const [label, fill, ink, title] of tags) {
    const tw = label.length * 6.2 + 12;
    if (tx + tw > x + w - 44) break;
    g.append(svg("g", { class: `hx-tag hx-tag-${label.replace(/\s+/g, "-")}` }, [
      svg("title", {}, [title]),
      svg("rect", { x: tx, y: y + 13, width: tw, height: 17, rx: 8.5, fill }),
      text(tx + tw / 2, y + 25.5, label, { "text-anchor": "middle", "font-size": 10.5, "font-weight": 700, fill: ink }),
    ]));
    tx += tw + 4;
  }
  g.append(text(x + w - 14, y + 30, player.score, {
    "text-anchor": "end", "font-size": 26, "font-weight": 800, fill: "#2b2620", class: "hx-score",
  }));
  g.append(text(x + w - 14, y + 43, view.game_over ? "final" : "points", { "text-anchor": "end", "font-size": 10, fill: MUTED }));

  // Marble, rings, action markers left.
  const row2 = y + 50;
  g.append(icon.marbleCube(x + 24, row2, 1));
  g.append(text(x + 35, row2 + 5, player.marble, { "font-size": 15, "font-weight": 700, fill: "#2b2620", class: "hx-marble-count" }));
  const rx = x + 35 + String(player.marble).length * 9 + 18;
  g.append(icon.ring(rx, row2, 1));
  g.append(text(rx + 11, row2 + 5, player.rings, { "font-size": 15, "font-weight": 700, fill: "#2b2620", class: "hx-ring-count" }));
  if (!view.game_over) {
    const left = view.markers_left ? view.markers_left[p] : 0;
    const mx = rx + 36;
    g.append(text(mx, row2 + 4.5, "markers", { "font-size": 11, fill: MUTED }));
    for (let i = 0; i < left; i += 1) {
      g.append(svg("circle", { cx: mx + 52 + i * 12, cy: row2, r: 4.6, fill: colour, stroke: "#2b2620", "stroke-width": 0.8, class: "hx-marker-left" }));
    }
    if (!left) g.append(text(mx + 48, row2 + 4.5, "none", { "font-size": 11, fill: MUTED }));
  }

  // Pieces left in the player's supply.
  const row3 = y + 77;
  let px = x + 24;
  for (const [kind, count] of [["house", player.houses_left], ["square", player.squares_left], ["palace", player.palaces_left]]) {
    g.append(icon.pieceIcon(kind, px, row3, 0.72, colour, null));
    g.append(text(px + 12, row3 + 5, `×${count}`, { "font-size": 13, "font-weight": 600, fill: count ? "#2b2620" : MUTED, class: `hx-left-${kind}` }));
    px += 40 + String(count).length * 8;
  }

  // The live score by part: boxes on a tall card, one or two lines of words on a short one.
  const b = player.breakdown || {};
  const parts = [["largest city", "city"], ["temples", "temples"], ["statues", "statues"], ["rings", "rings"]];
  if (view.game_over) parts.push(["ring majority", "majority"], ["marble", "marble"]);
  const tall = h >= 160;
  let bottom;
  if (tall) {
    const bw = (w - 30 - (parts.length - 1) * 5) / parts.length;
    parts.forEach(([key, short], i) => {
      const bx = x + 18 + i * (bw + 5);
      const by = y + h - 48;
      g.append(svg("g", { class: "hx-part", "data-part": key }, [
        svg("rect", { x: bx, y: by, width: bw, height: 38, rx: 6, fill: "#f4eee1", stroke: "#e4dac6" }),
        text(bx + bw / 2, by + 18, b[key] ?? 0, { "text-anchor": "middle", "font-size": 16, "font-weight": 800, fill: "#2b2620" }),
        text(bx + bw / 2, by + 31, short, { "text-anchor": "middle", "font-size": 10, fill: MUTED }),
      ]));
    });
    bottom = y + h - 56;
  } else {
    const words = parts.map(([key, short]) => `${short} ${b[key] ?? 0}`);
    const lines = words.length > 4 ? [words.slice(0, 3), words.slice(3)] : [words];
    lines.forEach((line, i) => {
      g.append(text(x + 18, y + h - 11 - (lines.length - 1 - i) * 15, line.join(" · "), { "font-size": 11.5, fill: "#5a5143", class: "hx-breakdown" }));
    });
    bottom = y + h - 11 - lines.length * 15;
  }

  // Villages and cities: a line each on a tall card, a summary beside the pieces otherwise.
  const groups = player.groups || [];
  const cities = groups.filter((grp) => grp.kind === "city").sort((a, c) => c.size - a.size);
  const villages = groups.filter((grp) => grp.kind === "village").sort((a, c) => c.size - a.size);
  const room = Math.floor((bottom - (y + 100)) / 16) + 1;
  const rows = cities.map((city) => {
    const touches = [...city.temples];
    if (city.statues.length) touches.push(plural(city.statues.length, "statue"));
    return `city of ${city.size}${touches.length ? `, next to ${touches.join(", ")}` : ""}`;
  });
  if (villages.length) rows.push(`${villages.length === 1 ? "village" : "villages"} of ${villages.map((v) => v.size).join(", ")}`);
  if (tall && rows.length && rows.length <= room) {
    rows.forEach((line, i) => {
      g.append(fitText(x + 20, y + 104 + i * 16, line, w - 34, 12, { fill: line.startsWith("city") ? "#2b2620" : MUTED, class: "hx-town" }));
    });
  } else {
    const towns = [];
    if (cities.length) towns.push(`${cities.length === 1 ? "city" : "cities"} ${cities.map((c) => c.size).join(", ")}`);
    if (villages.length) towns.push(`${villages.length === 1 ? "village" : "villages"} ${villages.map((v) => v.size).join(", ")}`);
    const summary = towns.join(" · ") || "no villages yet";
    if (tall) g.append(fitText(x + 20, y + 104, summary, w - 34, 12, { fill: cities.length ? "#2b2620" : MUTED, class: "hx-towns" }));
    else g.append(fitText(px + 2, row3 + 5, summary, x + w - px - 12, 11.5, { fill: MUTED, class: "hx-towns" }));
  }
  return g;
}

// ---------------------------------------------------------------- the action track

const TRACK_TEXT = {
  house: (s, v) => ["House", costText(v, "house")],
  house_square: (s, v) => ["House + square", `${costText(v, "house")} each`],
  palace: (s, v) => ["Palace", costText(v, "palace")],
  mine: () => ["Mine marble", "income, 4 tiles"],
  temple: (s) => [`Temple ${s.pillars}`, `${s.pillars} pillars, ${s.cost} marble`],
  statue: (s) => ["Statue", `${s.cost} marble, interior`],
  marble: (s) => [`Take ${s.gain} marble`, "from the supply"],
};

function costText(view, piece) {
  const c = view.costs && view.costs[piece];
  return c ? `${c[0]} / ${c[1]} marble` : "";
}

function trackIcon(space, cx, cy, colour) {
  const g = svg("g", { "pointer-events": "none" });
  if (space.kind === "house") g.append(icon.house(cx, cy, 1.05, colour));
  else if (space.kind === "house_square") g.append(icon.house(cx - 10, cy, 0.9, colour), icon.square(cx + 11, cy + 1, 0.85, colour));
  else if (space.kind === "palace") g.append(icon.palace(cx, cy, 1.05, colour));
  else if (space.kind === "mine") g.append(icon.tile(cx - 6, cy, 0.8, "?", 2, 1), icon.marbleCube(cx + 12, cy + 4, 0.9));
  else if (space.kind === "temple") {
    for (let i = 0; i < space.pillars; i += 1) g.append(icon.pillar(cx + (i - (space.pillars - 1) / 2) * 7, cy + 1, 0.95));
  } else if (space.kind === "statue") g.append(icon.statue(cx, cy, 1.1));
  else if (space.kind === "marble") {
    g.append(icon.marbleCube(cx - 10, cy + 3, 1), icon.marbleCube(cx, cy - 3, 1), icon.marbleCube(cx + 10, cy + 3, 1));
  }
  return g;
}

export function drawTrack(ctx, box) {
  const { view, model } = ctx;
  const g = svg("g", { class: "hx-track" });
  const track = view.track || [];
  const cols = Math.max(1, Math.ceil(track.length / 2));
  const gap = 6;
  const head = 18;
  const w = (box.w - gap * (cols - 1)) / cols;
  const h = (box.h - head - gap) / 2;
  g.append(text(box.x + 2, box.y + 11, "ACTION TRACK", { "font-size": 11.5, "font-weight": 700, "letter-spacing": 1.5, fill: MUTED }));
  g.append(svg("rect", { x: box.x + 122, y: box.y + 2, width: 12, height: 10, rx: 2, fill: "#e3eef5", stroke: "#8fb3cc" }));
  g.append(text(box.x + 139, box.y + 11, "everyone takes part, clockwise from the chooser", { "font-size": 11, fill: MUTED }));
  g.append(svg("rect", { x: box.x + 420, y: box.y + 2, width: 12, height: 10, rx: 2, fill: "#f6ecd2", stroke: "#d1b36a" }));
  g.append(text(box.x + 437, box.y + 11, "the chooser only", { "font-size": 11, fill: MUTED }));
  // The legend of the bands drawn on the island.
  const lx = box.x + box.w - 300;
  g.append(text(lx - 8, box.y + 11, "on the island:", { "font-size": 11, fill: MUTED, "text-anchor": "end" }));
  g.append(svg("line", { x1: lx, y1: box.y + 7, x2: lx + 24, y2: box.y + 7, stroke: "#8a8170", "stroke-width": 6, "stroke-linecap": "round", opacity: 0.8 }));
  g.append(text(lx + 32, box.y + 11, "city (scores)", { "font-size": 11, fill: MUTED }));
  g.append(svg("line", { x1: lx + 120, y1: box.y + 7, x2: lx + 144, y2: box.y + 7, stroke: "#8a8170", "stroke-width": 3, "stroke-dasharray": "5 4", "stroke-linecap": "round", opacity: 0.8 }));
  g.append(text(lx + 152, box.y + 11, "village (no points)", { "font-size": 11, fill: MUTED }));
  const cur = view.current_action ? view.current_action.space : null;
  const chooses = model.legal.filter((l) => l.action && l.action.kind === "choose");
  const iconColour = ctx.seat === null ? "#a39c8e" : ctx.colour(ctx.seat);
  track.forEach((space, i) => {
    const x = box.x + (i % cols) * (w + gap);
    const y = box.y + head + Math.floor(i / cols) * (h + gap);
    const taken = space.marker !== null && space.marker !== undefined;
    const current = space.id === cur;
    // A free space whose action is on offer: exactly it, or an interchangeable free twin (same title).
    let matches = chooses.filter((l) => l.action.space === space.id);
    if (!matches.length && !taken) matches = chooses.filter((l) => (track.find((t) => t.id === l.action.space) || {}).title === space.title);
    const legal = matches.length > 0;
    const card = svg("g", {
      class: `hx-space${taken ? " hx-taken" : ""}${current ? " hx-current" : ""}${legal ? " hx-legal" : ""}`,
      "data-space": space.id, "data-marker": taken ? space.marker : "",
    });
    const fill = space.shared ? "#e3eef5" : "#f6ecd2";
    const edge = space.shared ? "#8fb3cc" : "#d1b36a";
    card.append(svg("rect", {
      x, y, width: w, height: h, rx: 8, fill, stroke: current ? "#c9a227" : legal ? "#1f5f8b" : edge,
      "stroke-width": current ? 3.2 : legal ? 2.4 : 1.2, filter: legal ? "url(#hx-glow)" : null,
    }));
    card.append(svg("rect", { x: x + 4, y: y + 5, width: 4, height: h - 10, rx: 2, fill: edge, opacity: 0.9 }));
    const [title, sub] = TRACK_TEXT[space.kind] ? TRACK_TEXT[space.kind](space, view) : [space.title, ""];
    card.append(trackIcon(space, x + 32, y + h / 2 + 1, iconColour));
    card.append(fitText(x + 58, y + h / 2 - 2, title, w - 64, 13.5, { "font-weight": 700, fill: "#2b2620" }));
    card.append(fitText(x + 58, y + h / 2 + 14, current ? `${sub} · now` : sub, w - 64, 11, { fill: current ? "#9a7b12" : "#5a5143", "font-weight": current ? 700 : 400 }));
    if (taken) {
      card.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: "#f7f3ea", opacity: current ? 0.2 : 0.5, "pointer-events": "none" }));
      card.append(icon.markerDisc(x + 32, y + h / 2, 1.3, ctx.colour(space.marker), space.marker + 1, { class: "hx-track-marker", "data-seat": space.marker, filter: "url(#hx-shadow)" }));
    }
    card.append(svg("title", {}, [`${space.title}${space.shared ? " (everyone in turn)" : " (the chooser only)"}${taken ? ` — taken by ${ctx.who(space.marker)}` : " — free"}`]));
    if (legal) target(card, matches.map((m) => m.index), ctx.ui, matches.map((m) => m.label).join("\n"));
    g.append(card);
  });
  return g;
}

// ---------------------------------------------------------------- supply and legend

export function drawSupply(ctx, box) {
  const { view } = ctx;
  const g = svg("g", { class: "hx-supply" });
  g.append(svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 9, fill: "#fffdf8", stroke: LINE, "stroke-width": 1.2 }));
  const cy = box.y + box.h / 2;
  let x = box.x + 14;
  g.append(text(x, cy + 4, "SUPPLY", { "font-size": 11.5, "font-weight": 700, "letter-spacing": 1.5, fill: MUTED }));
  x += 66;
  const supply = view.supply || {};
  const item = (drawing, label, cls) => {
    g.append(drawing);
    g.append(text(x + 15, cy + 5, label, { "font-size": 13.5, "font-weight": 600, fill: "#2b2620", class: cls }));
    x += 15 + label.length * 7.6 + 26;
  };
  item(icon.statue(x, cy, 0.95), `${supply.statues ?? 0} statues`, "hx-supply-statues");
  item(icon.pillar(x, cy, 1.05), `${supply.pillars ?? 0} pillars`, "hx-supply-pillars");
  item(icon.ring(x, cy, 0.95), `${supply.rings ?? 0} rings`, "hx-supply-rings");
  const stack = view.tile_stack || { count: 0 };
  item(icon.tileBack(x + 2, cy, 0.8, Math.min(3, stack.count)), `${stack.count} tiles in the stack`, "hx-stack");
  const workerOn = view.quarries.find((q) => q.worker);
  item(icon.worker(x, cy, 0.9), workerOn ? `quarry worker on ${workerOn.id}` : "quarry worker: being moved", "hx-worker-where");

  return g;
}

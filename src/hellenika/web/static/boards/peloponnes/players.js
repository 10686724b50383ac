// Peloponnes board: one panel per civilization, in turn order (Angelos last). The name, civilization, colony
// board (or the base mat) and hero with its side; the mat: coins, wood, stone and food against the storage,
// luxury goods, inhabitants and this round's income from them, mercenaries, strength and cloverleaves; the
// tiles as they lie on the table (buildings left of the civilization, lands to its right in the order the
// placement rule follows), reserved buildings with their coins, the tile being added; the bid (and the luxury
// goods paid for part of it, or the outbid bid in hand) and the running score (power points, population
// points, the lower counts).
// Clicks: a good of choice on the mat, a tile to save, lose, finish or give up, the building being added,
// the mercenaries, the cloverleaves, Odysseus' coin, and another player's colony or hero to make an offer.
import { svg, target, text } from "../../js/svg.js";
import { ACCENT, GOLD, GOODS, INK, LINE, MUTED, PAPER, SERIF, WARN, inkOf, inkOn, label, ordinal, shade } from "./theme.js";
import { RANKS, civilization, colony, hero, incomeBand, tileById } from "./catalogue.js";
import { goodIcon, shieldIcon } from "./icons.js";
import { CHIP_H, CHIP_W, tileChip } from "./tiles.js";

const LEFT_W = 372;
const RATIO = CHIP_H / CHIP_W;

// A panel's height: the expansion adds the colony's rules and the hero to the left column.
export function panelHeight(ctx) {
  return ctx.view.expansion ? 188 : 166;
}

function cue(x, y, w, h, rx = 6) {
  return svg("rect", { x, y, width: w, height: h, rx, fill: "rgba(31,95,139,0.08)", stroke: ACCENT, "stroke-width": 2, class: "pel-cue pel-pulse" });
}

// One counter on the mat: icon, value (and the storage limit), clickable when a legal action names it.
function counter(ctx, kind, value, x, y, opts = {}) {
  const g = svg("g", { class: "pel-good", "data-good": kind, "data-value": value });
  const w = opts.width || 64;
  if (opts.indices && opts.indices.length) g.append(cue(x - 3, y - 15, w, 30, 8));
  g.append(goodIcon(kind, x + 10, y, 19));
  g.append(text(x + 24, y + 5.5, String(value), { "font-size": 16, "font-weight": 700, fill: INK, class: "pel-good-value" }));
  if (opts.max !== undefined) {
    g.append(text(x + 26 + String(value).length * 9.5, y + 5.5, `/${opts.max}`, { "font-size": 10, fill: MUTED }));
  }
  const words = `${GOODS[kind] ? GOODS[kind].word : kind}: ${value}${opts.max !== undefined ? ` (storage ${opts.max}; more becomes luxury goods)` : ""}${opts.more ? `; ${opts.more}` : ""}`;
  if (opts.indices && opts.indices.length) return target(g, opts.indices, ctx.ui, `${ctx.labels(opts.indices)}\n${words}`);
  g.append(svg("title", {}, [words]));
  return g;
}

function civChip(civ, x, y, w, colour) {
  const c = civilization(civ);
  const g = svg("g", { class: "pel-civ-tile", "data-civilization": civ || "" });
  const body = svg("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(w / CHIP_W).toFixed(3)})` });
  body.append(svg("rect", { x: 1, y: 2, width: CHIP_W, height: CHIP_H, rx: 5, fill: "rgba(0,0,0,0.14)" }));
  body.append(svg("rect", { x: 0, y: 0, width: CHIP_W, height: CHIP_H, rx: 5, fill: shade(colour, 0.82), stroke: colour, "stroke-width": 2 }));
  body.append(text(CHIP_W / 2, 14, c.number ? `№ ${c.number}` : "", { "text-anchor": "middle", "font-size": 9.5, fill: MUTED }));
  body.append(label(CHIP_W / 2, 31, c.name, { "text-anchor": "middle", "font-size": 11.5, "font-weight": 700, "font-family": SERIF, fill: INK }, CHIP_W - 6));
  const income = Object.entries(c.income || {});
  income.slice(0, 3).forEach(([k, n], i) => {
    const iy = 47 + i * 13;
    body.append(text(16, iy + 4, `${n > 0 ? "+" : "−"}${Math.abs(n)}`, { "text-anchor": "end", "font-size": 10, "font-weight": 700, fill: n < 0 ? WARN : INK }));
    body.append(goodIcon(k, 25, iy, 10));
  });
  (c.protects || []).forEach((id, i) => body.append(shieldIcon(id, CHIP_W - 10 - i * 14, 10, 12)));
  g.append(body);
  const words = income.map(([k, n]) => `${n > 0 ? "+" : ""}${n} ${k}`).join(", ");
  g.append(svg("title", {}, [`Civilization ${c.name} (arrow number ${c.number}): every round ${words || "nothing"}${c.protects ? `; safe from: ${c.protects.join(", ")}` : ""}`]));
  return g;
}

// The tile won this round and waiting to be added, or the building its owner is deciding to build now or
// later: a ghost where it will lie.
function ghostChip(ctx, tile, x, y, w, indices, words) {
  const h = w * RATIO;
  const g = svg("g", { class: "pel-incoming", "data-tile": tile.id, "data-kind": tile.kind });
  const chip = tileChip(tile, x, y, w);
  chip.setAttribute("opacity", "0.8");
  g.append(chip);
  g.append(svg("rect", { x: x - 3, y: y - 3, width: w + 6, height: h + 6, rx: 7, fill: "none", stroke: GOLD, "stroke-width": 2.2, "stroke-dasharray": "5 3", class: "pel-pulse" }));
  g.append(text(x + w / 2, y + h + 13, words, { "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: GOLD, "letter-spacing": "0.06em" }));
  if (indices.length) g.append(cue(x - 2, y - 2, w + 4, h + 4));
  return target(g, indices, ctx.ui, indices.length ? ctx.labels(indices) : undefined);
}

// Which legal actions a tile the player owns stands for (saving it, losing it, finishing it or giving it up,
// its strength); several highlight them in the list.
function ownedTargets(ctx, tileId, mine) {
  if (!mine) return [];
  const d = ctx.view.decision || {};
  const direct = ctx.matching((a) => ["save", "remove", "finish", "abandon"].includes(a.kind) && a.tile === tileId);
  if (direct.length) return direct;
  if (d.tile === tileId && d.step === "adding tiles: strength") return ctx.ofKind("strength");
  return [];
}

function tilesArea(ctx, p, x0, y0, width, height, mine) {
  const g = svg("g", { class: "pel-tiles" });
  const d = ctx.view.decision || {};
  const buildings = p.buildings || [];
  const lands = p.lands || [];
  // The tile on its way: the building being decided (not yet placed), or the tile won this round.
  let incoming = null;
  if (d.step === "adding tiles: building" && d.seat === p.index && d.tile && !buildings.some((b) => b.id === d.tile)) {
    const tile = tileById(d.tile);
    if (tile) incoming = { tile, indices: mine ? ctx.matching((a) => a.kind === "build" || a.kind === "reserve") : [], words: "TO BUILD" };
  } else if (p.won) {
    const tile = tileById(p.won);
    if (tile) incoming = { tile, indices: [], words: "WON" };
  }
  const nb = buildings.length + (incoming && incoming.tile.kind === "building" ? 1 : 0);
  const nl = lands.length + (incoming && incoming.tile.kind === "land" ? 1 : 0);
  const slots = nb + 1 + nl;
  const chipW = Math.min((height - 16) / RATIO, width / Math.max(slots, 1) - 6);
  const chipH = chipW * RATIO;
  const pitch = chipW + 6;
  const civX = x0 + nb * pitch;
  const y = y0 + 12;
  g.append(text(civX - 4, y0 + 4, nb ? "← buildings" : "", { "text-anchor": "end", "font-size": 9.5, fill: MUTED }));
  g.append(text(civX + chipW + 4, y0 + 4, nl ? "lands, in order →" : "", { "font-size": 9.5, fill: MUTED }));
  g.append(civChip(p.civilization, civX, y, chipW, ctx.colour(p.index)));
  const reserveCoins = colony(p.colony).reserveCoins || 1;
  const owned = (tile, x, attrs, extra) => {
    const idx = ownedTargets(ctx, tile.id, mine);
    const chip = tileChip(tile, x, y, chipW, { ...extra, attrs: { "data-owner": p.index, ...attrs } });
    if (d.tile === tile.id && d.seat === p.index) chip.append(svg("rect", { x: x - 3, y: y - 3, width: chipW + 6, height: chipH + 6, rx: 7, fill: "none", stroke: GOLD, "stroke-width": 2.4, class: "pel-pulse" }));
    if (idx.length) chip.append(cue(x - 2, y - 2, chipW + 4, chipH + 4));
    g.append(target(chip, idx, ctx.ui, idx.length ? `${ctx.labels(idx)}\n${tile.name} ${tile.id}` : undefined));
  };
  buildings.forEach((b, i) => owned(b, civX - (i + 1) * pitch, { "data-position": i + 1 }, { reserved: b.reserved, reserveCoins }));
  lands.forEach((l, i) => owned(l, civX + (i + 1) * pitch, { "data-position": i + 1, "data-rightmost": i === lands.length - 1 ? "true" : "false" }, {}));
  if (incoming) {
    const x = incoming.tile.kind === "building" ? civX - nb * pitch : civX + nl * pitch;
    g.append(ghostChip(ctx, incoming.tile, x, y, chipW, incoming.indices, incoming.words));
  }
  return g;
}

function heroBadge(ctx, p, x, y, width, mine) {
  const h = hero(p.hero);
  const flipped = Boolean(p.hero_flipped);
  const fill = flipped ? "#e08a2c" : "#b83a2e";
  const d = ctx.view.decision || {};
  let indices = [];
  if (mine) indices = ctx.matching((a) => a.kind === "odysseus" && a.use);
  if (!indices.length && ctx.legal.length && d.step === "negotiation: making an offer" && d.for === "hero") {
    indices = ctx.matching((a) => a.kind === "offer" && a.target === p.index);
  }
  const w = h.name.length * 7.6 + 20;
  const g = svg("g", { class: "pel-hero", "data-hero": p.hero || "", "data-flipped": flipped ? "true" : "false" });
  if (indices.length) g.append(cue(x - 3, y - 13, w + 6, 24, 12));
  g.append(svg("rect", { x, y: y - 10, width: w, height: 18, rx: 9, fill }));
  g.append(text(x + w / 2, y + 3.5, h.name, { "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }));
  const side = flipped ? `orange: no PP${h.flipLoss ? `, −1 ${h.flipLoss} a round` : ""}` : `red: ${h.pp} PP`;
  const used = p.hero === "odysseus" ? (p.odysseus_coin_used ? " · coin used" : " · coin unused") : "";
  g.append(label(x + w + 6, y + 3.5, `${side} · ${h.short}${used}`, { "font-size": 10, fill: flipped ? "#a35a12" : MUTED }, width - w - 8));
  const words = `Hero ${h.name}, ${flipped ? "orange side" : "red side"}: ${h.short}${used}`;
  if (indices.length) return target(g, indices, ctx.ui, `${ctx.labels(indices)}\n${words}`);
  g.append(svg("title", {}, [words]));
  return g;
}

function colonyLine(ctx, p, x, y, width, expansion) {
  const c = colony(p.colony);
  const d = ctx.view.decision || {};
  let indices = [];
  if (ctx.legal.length && d.step === "negotiation: making an offer" && d.for === "colony") {
    indices = ctx.matching((a) => a.kind === "offer" && a.target === p.index);
  }
  const g = svg("g", { class: "pel-colony", "data-colony": p.colony || "" });
  const rules = `${c.points} points per inhabitant, ${c.perPP} coins per PP`;
  if (indices.length) g.append(cue(x - 4, y - 14, width + 2, 20, 8));
  if (!expansion || p.colony === "mat") {
    g.append(label(x, y, `${c.name}: ${rules}`, { "font-size": 10.5, fill: MUTED }, width - 4));
  } else {
    g.append(text(x, y, `colony ${c.name}`, { "font-size": 12, "font-weight": 700, fill: "#3f6f6a" }));
    g.append(label(24, y + 17, `${c.summary}`, { "font-size": 10.5, fill: MUTED }, LEFT_W - 28));
  }
  const words = `${p.colony === "mat" ? "The base game's player mat" : `Colony ${c.name}: ${c.summary}`}; ${rules}`;
  if (indices.length) return target(g, indices, ctx.ui, `${ctx.labels(indices)}\n${words}`);
  g.append(svg("title", {}, [words]));
  return g;
}

function scoreBox(ctx, p, x, y) {
  const colour = ctx.colour(p.index);
  const [pp, pop, score] = [p.power_points, p.population_points, p.score].map((v) => (typeof v === "number" ? v : "–"));
  const g = svg("g", { class: "pel-score", "data-pp": p.power_points, "data-pop": p.population_points, "data-score": p.score });
  g.append(svg("rect", { x: x - 196, y: y - 15, width: 196, height: 24, rx: 12, fill: "#f5efe2" }));
  g.append(goodIcon("pp", x - 184, y - 3, 13));
  g.append(text(x - 174, y + 2, `${pp}`, { "font-size": 13, "font-weight": 700, fill: GOODS.pp.ink }));
  g.append(goodIcon("inhabitants", x - 140, y - 3, 13));
  g.append(text(x - 130, y + 2, `${pop}`, { "font-size": 13, "font-weight": 700, fill: GOODS.inhabitants.ink }));
  g.append(text(x - 96, y + 2, "score", { "font-size": 10, fill: MUTED }));
  g.append(svg("circle", { cx: x - 16, cy: y - 3, r: 12, fill: colour }));
  g.append(text(x - 16, y + 2, String(score), { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: inkOn(colour), class: "pel-score-value" }));
  const clovers = p.cloverleaves ? `; ${p.cloverleaves_on_power} of ${p.cloverleaves} cloverleaves on power` : "";
  g.append(svg("title", {}, [`So far: ${pp} power points, ${pop} population points; the lower, ${score}, counts${clovers}`]));
  return g;
}

function header(ctx, p, width, position) {
  const g = svg("g", {});
  const colour = ctx.colour(p.index);
  const deciding = ctx.deciding === p.index && !ctx.view.game_over;
  const mine = ctx.seat === p.index;
  let x = 24;
  if (position) {
    g.append(svg("g", { class: "pel-position", "data-position": position }, [
      svg("circle", { cx: x + 10, cy: 22, r: 11, fill: colour, stroke: shade(colour, -0.3) }),
      text(x + 10, 26.5, String(position), { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: inkOn(colour) }),
      svg("title", {}, [`${ordinal(position)} in turn order`]),
    ]));
    x += 28;
  }
  if (deciding) {
    g.append(svg("g", { class: "pel-deciding" }, [
      svg("path", { d: `M ${x} 14 L ${x + 11} 22 L ${x} 30 Z`, fill: ACCENT }),
      svg("title", {}, [`${ctx.name(p.index)} is to decide`]),
    ]));
    x += 16;
  }
  g.append(label(x, 28, ctx.name(p.index), { "font-size": 17, "font-weight": 700, fill: inkOf(colour), "font-family": SERIF, class: "pel-name" }, 170));
  x += Math.min(170, ctx.name(p.index).length * 10) + 8;
  if (mine) {
    g.append(svg("g", { class: "pel-you" }, [
      svg("rect", { x, y: 13, width: 36, height: 18, rx: 9, fill: colour }),
      text(x + 18, 26, "YOU", { "text-anchor": "middle", "font-size": 10.5, "font-weight": 700, fill: inkOn(colour), "letter-spacing": "0.06em" }),
    ]));
    x += 42;
  }
  // The bid lying in the row (with the coins and luxury goods paid for it), the outbid bid in hand, or the
  // tile won this round.
  const room = width - 12 - 196 - 8 - (LEFT_W + 32);
  const decision = ctx.view.decision || {};
  if (p.bid) {
    const t = tileById(p.bid.tile);
    const bid = ctx.bid(p.index, p.bid.coins, p.bid.luxury);
    g.append(svg("g", { class: "pel-player-bid", "data-tile": p.bid.tile, "data-coins": p.bid.coins, "data-luxury": bid.luxury }, [
      goodIcon("coins", LEFT_W + 22, 22, 14),
      label(LEFT_W + 32, 27, `bids ${bid.value} on ${t ? t.name : p.bid.tile} ${p.bid.tile}${bid.luxury ? ` · paid ${bid.short}` : ""}`, { "font-size": 11.5, fill: INK, "font-weight": 600 }, room),
      svg("title", {}, [`${ctx.name(p.index)} bids ${bid.full} on ${t ? t.name : p.bid.tile} ${p.bid.tile}`]),
    ]));
  } else if (decision.step === "bidding: outbid" && decision.seat === p.index && decision.bid && !ctx.view.game_over) {
    const bid = ctx.bid(p.index, decision.bid.coins, decision.bid.luxury);
    g.append(svg("g", { class: "pel-player-outbid", "data-coins": bid.value, "data-luxury": bid.luxury }, [
      goodIcon("coins", LEFT_W + 22, 22, 14),
      label(LEFT_W + 32, 27, `outbid: ${bid.value} in hand${bid.luxury ? ` · paid ${bid.short}` : ""}`, { "font-size": 11.5, fill: WARN, "font-weight": 700 }, room),
      svg("title", {}, [`${ctx.name(p.index)} was outbid: the bid of ${bid.full} is in hand until it moves to a free tile or is taken back`]),
    ]));
  } else if (p.won) {
    const t = tileById(p.won);
    g.append(text(LEFT_W + 14, 27, `won ${t ? t.name : p.won} ${p.won}: added in turn order`, { "font-size": 11.5, fill: GOLD, "font-weight": 700, class: "pel-player-won", "data-tile": p.won }));
  }
  g.append(scoreBox(ctx, p, width - 12, 24));
  return g;
}

function frame(ctx, p, width) {
  const PANEL_HEIGHT = panelHeight(ctx);
  const colour = ctx.colour(p.index);
  const active = ctx.deciding === p.index && !ctx.view.game_over;
  const winner = ctx.view.game_over && (ctx.view.places || [])[p.index] === 1;
  return [
    svg("rect", { x: 1, y: 3, width: width - 2, height: PANEL_HEIGHT - 8, rx: 10, fill: "rgba(0,0,0,0.05)" }),
    svg("rect", { x: 0, y: 0, width, height: PANEL_HEIGHT - 10, rx: 10, fill: PAPER, stroke: active || winner ? colour : LINE, "stroke-width": active || winner ? 3 : 1 }),
    svg("path", { d: `M 10 0 V ${PANEL_HEIGHT - 10} A 10 10 0 0 1 0 ${PANEL_HEIGHT - 20} V 10 A 10 10 0 0 1 10 0 Z`, fill: colour }),
    svg("rect", { x: 10, y: 0, width: 4, height: PANEL_HEIGHT - 10, fill: colour }),
  ];
}

function drawPlayer(ctx, p, width, position) {
  const mine = ctx.seat === p.index && ctx.legal.length > 0;
  const height = panelHeight(ctx);
  const g = svg("g", {
    class: "pel-player", "data-seat": p.index, "data-you": ctx.seat === p.index ? "true" : "false",
    "data-deciding": ctx.deciding === p.index ? "true" : "false",
  }, frame(ctx, p, width));
  g.append(header(ctx, p, width, position));
  const expansion = Boolean(ctx.view.expansion);
  const c = civilization(p.civilization);
  const civWords = `${c.name}${c.number ? ` (№ ${c.number})` : ""}`;
  const civW = Math.min(130, civWords.length * 8.4);
  g.append(label(24, 52, civWords, { "font-size": 13, "font-weight": 700, fill: INK, class: "pel-civ-name" }, 130));
  g.append(colonyLine(ctx, p, 24 + civW + 10, 52, LEFT_W - 24 - civW - 10, expansion));
  if (expansion && p.hero) g.append(heroBadge(ctx, p, 24, 90, LEFT_W - 24, mine));

  // The mat: two rows of counters.
  const storage = p.storage || {};
  const incomeIdx = (good) => (mine ? ctx.matching((a) => a.kind === "income" && a.good === good) : []);
  const r1 = height - 72;
  const r2 = height - 36;
  const col = colony(p.colony);
  const band = incomeBand(p.inhabitants || 0);
  const coinsIncome = col.coins[band] ?? 0;
  const luxIncome = col.luxury[band] ?? 0;
  g.append(counter(ctx, "coins", p.coins ?? 0, 24, r1, { indices: incomeIdx("coin"), width: 62 }));
  g.append(counter(ctx, "wood", p.wood ?? 0, 92, r1, { max: storage.wood, indices: incomeIdx("wood"), width: 70 }));
  g.append(counter(ctx, "stone", p.stone ?? 0, 166, r1, { max: storage.stone, indices: incomeIdx("stone"), width: 70 }));
  g.append(counter(ctx, "food", p.food ?? 0, 240, r1, { max: storage.food, indices: incomeIdx("food"), width: 70 }));
  g.append(counter(ctx, "luxury", p.luxury ?? 0, 314, r1, { width: 54 }));
  g.append(counter(ctx, "inhabitants", p.inhabitants ?? 0, 24, r2, { more: `income ${coinsIncome} coins${luxIncome ? ` and ${luxIncome} luxury goods` : ""} a round`, width: 62 }));
  let x = 92;
  if (expansion) {
    const hire = mine ? ctx.ofKind("hire") : [];
    g.append(counter(ctx, "mercenaries", p.mercenaries ?? 0, x, r2, { indices: hire, more: "each +1 population point", width: 62 }));
    g.append(counter(ctx, "strength", p.strength ?? 0, x + 70, r2, { more: "internal conflict and Persians", width: 62 }));
    const clovers = mine ? ctx.ofKind("clovers") : [];
    g.append(counter(ctx, "clover", p.cloverleaves ?? 0, x + 140, r2, { indices: clovers, more: "2 points each, power or population", width: 62 }));
    x += 210;
  }
  g.append(svg("g", { class: "pel-income" }, [
    text(x + 2, r2 - 3, "income a round", { "font-size": 9, fill: MUTED }),
    goodIcon("coins", x + 8, r2 + 7, 12),
    text(x + 16, r2 + 11, `+${coinsIncome}`, { "font-size": 11.5, "font-weight": 700, fill: GOODS.coins.ink }),
    luxIncome ? goodIcon("luxury", x + 38, r2 + 7, 12) : null,
    luxIncome ? text(x + 46, r2 + 11, `+${luxIncome}`, { "font-size": 11.5, "font-weight": 700, fill: GOODS.luxury.ink }) : null,
    svg("title", {}, [`${p.inhabitants ?? 0} inhabitants bring ${coinsIncome} coins${luxIncome ? ` and ${luxIncome} luxury goods` : ""} a round (${col.name})`]),
  ]));

  const top = expansion ? 38 : 32;
  g.append(tilesArea(ctx, p, LEFT_W + 12, top, width - LEFT_W - 24, height - top - 24, mine));
  return g;
}

// Angelos (solo): his rank, civilization and hero if his rank brings them, strength, cloverleaves, the
// population coins he won in conflicts, his tiles in the order he took them, and his running score.
function drawAngelos(ctx, p, width) {
  const height = panelHeight(ctx);
  const g = svg("g", { class: "pel-player pel-angelos", "data-seat": p.index, "data-you": "false", "data-deciding": "false" }, frame(ctx, p, width));
  g.append(header(ctx, p, width, 0));
  const rank = RANKS[ctx.view.angelos_rank] || { name: ctx.view.angelos_rank || "" };
  g.append(label(24, 52, `Rank: ${rank.name}`, { "font-size": 13, "font-weight": 700, fill: INK, class: "pel-rank" }, 170));
  g.append(label(200, 52, p.civilization ? `civilization ${civilization(p.civilization).name}` : "no civilization", { "font-size": 11, fill: MUTED }, LEFT_W - 200));
  g.append(label(24, 70, "Pays nothing, has no goods; only the Persians harm him.", { "font-size": 10.5, fill: MUTED, "font-style": "italic" }, LEFT_W - 28));
  if (p.hero) g.append(heroBadge(ctx, p, 24, 90, LEFT_W - 24, false));
  const r = height - 36;
  g.append(counter(ctx, "strength", p.strength ?? 0, 24, r, { more: "his strength adds to yours against the Persians", width: 62 }));
  g.append(counter(ctx, "clover", p.cloverleaves ?? 0, 92, r, { width: 62 }));
  g.append(counter(ctx, "inhabitants", p.population_coins ?? 0, 160, r, { more: "population coins from won conflicts", width: 62 }));
  g.append(text(230, r + 4, "population coins", { "font-size": 9.5, fill: MUTED }));
  const tiles = p.tiles || [];
  const row = svg("g", { class: "pel-tiles" });
  const x0 = LEFT_W + 12;
  const avail = height - 38 - 26;
  const chipW = Math.min((avail - 16) / RATIO, (width - x0 - 12) / Math.max(tiles.length, 1) - 6);
  row.append(text(x0, 44, tiles.length ? "his tiles, in the order he took them →" : "no tiles yet", { "font-size": 9.5, fill: MUTED }));
  tiles.forEach((t, i) => row.append(tileChip(t, x0 + i * (chipW + 6), 50, chipW, { attrs: { "data-owner": p.index, "data-position": i + 1 } })));
  g.append(row);
  return g;
}

export function drawPlayers(ctx, width) {
  const order = (ctx.view.turn_order || []).filter((i) => ctx.participant(i));
  const rest = ctx.participants.map((p) => p.index).filter((i) => !order.includes(i));
  const g = svg("g", { class: "pel-players" });
  [...order, ...rest].forEach((index, i) => {
    const p = ctx.participant(index);
    const panel = p.automaton ? drawAngelos(ctx, p, width) : drawPlayer(ctx, p, width, order.includes(index) ? i + 1 : 0);
    panel.setAttribute("transform", `translate(0 ${i * panelHeight(ctx)})`);
    g.append(panel);
  });
  return { node: g, height: (order.length + rest.length) * panelHeight(ctx) };
}

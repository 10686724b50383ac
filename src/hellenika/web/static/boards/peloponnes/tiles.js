// Peloponnes board: the building and land tiles. A full card for the rows on offer (cost, one-time gains,
// income, power points, special effect, minimum bid and the bid lying on it, with the luxury goods paid for
// part of it) and a small chip for the tiles a civilization owns (power points, income, protection,
// reserved). The bid marker is shared with the decision (an outbid bid in hand).
import { svg, text } from "../../js/svg.js";
import { GOODS, INK, KIND, MUTED, WARN, inkOn, label, shade } from "./theme.js";
import { choiceIcon, goodIcon, shieldIcon, supplyIcon } from "./icons.js";
import { protectedFrom } from "./catalogue.js";

const GAIN_ORDER = ["inhabitants", "coins", "food", "wood", "stone", "luxury"];
const INCOME_ORDER = ["food", "wood", "stone", "inhabitants"];

// The tile's special effect in a few words (protection, lands free, the market's coins, the supply symbol).
export function specials(tile) {
  const out = protectedFrom(tile.protects).map((d) => `vs ${d.name}`);
  if (tile.free_land) out.push("lands need not match");
  if (tile.market) out.push("2 coins = 1 PP");
  if (tile.supply) out.push("supply round!");
  return out;
}

function amounts(map, order) {
  return order.filter((k) => map && map[k]).map((k) => [k, map[k]]);
}

// Plain words for a tooltip: everything printed on the tile.
export function describeTile(tile) {
  const parts = [`${tile.name} ${tile.id}: ${tile.kind}, min bid ${tile.min_bid}, ${tile.pp} PP`];
  if (tile.cost) parts.push(`cost ${[["wood", tile.cost.wood], ["stone", tile.cost.stone]].filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(" + ") || "nothing"}`);
  const gain = amounts(tile.gain, GAIN_ORDER).map(([k, n]) => `${n > 0 ? "+" : ""}${n} ${k}`);
  if (gain.length) parts.push(`once: ${gain.join(", ")}`);
  const income = amounts(tile.income, INCOME_ORDER).map(([k, n]) => `${n} ${k}`);
  if (tile.income && tile.income.choice) income.push("1 good or coin of your choice");
  if (income.length) parts.push(`every round: ${income.join(", ")}`);
  parts.push(...specials(tile));
  return parts.join("; ");
}

// A row of "icon n" pairs starting at x; returns the group and its end.
function iconRow(pairs, x, y, size, max, signed = false) {
  const g = svg("g", {});
  let cx = x;
  for (const [kind, n] of pairs) {
    if (cx > x + max - size) break;
    const negative = n < 0;
    const words = signed && n > 0 ? `+${n}` : String(n).replace("-", "−");
    g.append(text(cx, y + size * 0.36, words, { "font-size": size * 0.92, "font-weight": 700, fill: negative ? WARN : INK }));
    cx += words.length * size * 0.56 + 2;
    g.append(kind === "choice" ? choiceIcon(cx + size / 2, y, size) : goodIcon(kind, cx + size / 2, y, size));
    cx += size + 7;
  }
  return { node: g, end: cx };
}

// A tile card for the rows on offer, `w` x `h` at (x, y). `opts`: {priceWords, bid: ctx.bid(...) | null,
// ghost: the outbid player's bid (ctx.bid) when it may move here, dim, note, attrs}.
export function tileCard(tile, x, y, w, h, opts = {}) {
  const kind = KIND[tile.kind] || KIND.land;
  const g = svg("g", {
    class: "pel-tile", "data-tile": tile.id, "data-kind": tile.kind, "data-pp": tile.pp,
    opacity: opts.dim ? 0.55 : 1, ...(opts.attrs || {}),
  });
  g.append(svg("rect", { x: x + 1.5, y: y + 2.5, width: w, height: h, rx: 8, fill: "rgba(0,0,0,0.12)" }));
  g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: kind.face, stroke: kind.edge, "stroke-width": 1.2 }));
  g.append(svg("path", { d: `M ${x} ${y + 24} V ${y + 8} A 8 8 0 0 1 ${x + 8} ${y} H ${x + w - 8} A 8 8 0 0 1 ${x + w} ${y + 8} V ${y + 24} Z`, fill: kind.band }));
  g.append(text(x + 9, y + 17, tile.id, { "font-size": 13, "font-weight": 700, fill: "#fff", "letter-spacing": "0.04em" }));
  g.append(text(x + 44, y + 16.5, kind.word.toUpperCase(), { "font-size": 9, fill: shade(kind.band, 0.7), "letter-spacing": "0.12em" }));
  // Power points, top right.
  g.append(svg("g", { class: "pel-pp" }, [
    svg("rect", { x: x + w - 50, y: y + 3, width: 46, height: 18, rx: 9, fill: "#fff", opacity: 0.92 }),
    goodIcon("pp", x + w - 39, y + 12, 12),
    text(x + w - 29, y + 17, `${tile.pp}`, { "font-size": 13, "font-weight": 700, fill: GOODS.pp.ink }),
    text(x + w - 17, y + 17, "PP", { "font-size": 8.5, fill: GOODS.pp.ink }),
  ]));
  if (tile.supply) g.append(supplyIcon(x + w - 64, y + 12, 18));
  g.append(label(x + 9, y + 42, tile.name, { "font-size": 14.5, "font-weight": 700, fill: INK, class: "pel-tile-name" }, w - 18));

  const lineX = x + 9;
  const valueX = x + 58;
  const room = w - 64;
  let ly = y + 62;
  const caption = (words, yy) => text(lineX, yy + 3.5, words, { "font-size": 8.5, fill: MUTED, "letter-spacing": "0.1em" });
  if (tile.cost) {
    const cost = amounts(tile.cost, ["wood", "stone"]);
    g.append(caption("COST", ly));
    if (cost.length) g.append(iconRow(cost, valueX, ly, 13, room).node);
    else g.append(text(valueX, ly + 4, "free", { "font-size": 11, fill: MUTED }));
    ly += 21;
  }
  const gain = amounts(tile.gain, GAIN_ORDER);
  g.append(caption("ONCE", ly));
  if (gain.length) g.append(iconRow(gain, valueX, ly, 13, room, true).node);
  else g.append(text(valueX, ly + 4, "—", { "font-size": 11, fill: MUTED }));
  ly += 21;
  const income = amounts(tile.income, INCOME_ORDER);
  if (tile.income && tile.income.choice) income.push(["choice", tile.income.choice]);
  g.append(caption("ROUND", ly));
  if (income.length) g.append(iconRow(income, valueX, ly, 13, room).node);
  else g.append(text(valueX, ly + 4, "—", { "font-size": 11, fill: MUTED }));
  ly += 19;
  // Special effect: shields for protection, words for the rest.
  let sx = lineX;
  for (const d of protectedFrom(tile.protects)) {
    g.append(shieldIcon(d.id, sx + 8, ly, 16));
    g.append(text(sx + 19, ly + 4, d.name, { "font-size": 10.5, fill: INK, "font-style": "italic" }));
    sx += 26 + d.name.length * 6;
  }
  const words = [];
  if (tile.free_land) words.push("lands need not match");
  if (tile.market) words.push("2 coins = 1 PP");
  if (tile.supply) words.push("calls a supply round");
  if (words.length) g.append(label(sx, ly + 4, words.join(" · "), { "font-size": 10.5, fill: INK, "font-style": "italic" }, x + w - 8 - sx));

  // Footer: the price and the bid lying on it.
  const fy = y + h - 26;
  g.append(svg("path", { d: `M ${x + 6} ${fy - 4} H ${x + w - 6}`, stroke: kind.edge, "stroke-width": 0.8 }));
  g.append(goodIcon("coins", x + 17, fy + 9, 15));
  g.append(label(x + 28, fy + 14, opts.priceWords || `min ${tile.min_bid}`, { "font-size": 12, "font-weight": 600, fill: INK, class: "pel-price" }, w * 0.42));
  const bid = opts.bid || opts.ghost;
  if (bid) {
    const priceEnd = 28 + String(opts.priceWords || `min ${tile.min_bid}`).length * 7.2 + 6;
    const chip = bid.short ? bidChipWidth(bid) + 6 : 0;
    const plain = Math.min(w * 0.5, 100);
    // The luxury part widens the pill leftwards, as far as the price allows.
    const bw = chip ? Math.max(plain, Math.min(w - 5 - Math.min(priceEnd, w * 0.42 + 34), plain + chip)) : plain;
    g.append(bidMarker(bid, x + w - bw - 5, fy - 1, bw, { ghost: !opts.bid, words: opts.bid ? null : "move here" }));
  }
  if (opts.note) {
    g.append(label(x + w - 8, fy - 9, opts.note, { "font-size": 9.5, fill: opts.dim ? "#8a2b22" : MUTED, "text-anchor": "end", "font-style": "italic", class: "pel-tile-note" }, w - 16));
  }
  return g;
}

const BID_H = 21;

function bidChipWidth(bid) {
  return bid.short.length * 5.3 + 10;
}

// The width a bid marker needs to show everything: the coins, the luxury part, the name (or `words`).
export function bidMarkerWidth(bid, words) {
  const name = words || bid.name || "";
  return 22 + String(bid.value).length * 8 + 4 + (bid.short ? bidChipWidth(bid) + 4 : 0) + name.length * 6 + 10;
}

// A bid as a pill in its bidder's colour, `w` wide at (x, y): the coin symbol and its value (what the rules
// compare), then, when luxury goods paid for part of it, a white chip with what was paid ("3 + 6 lux"),
// then the bidder's name (or `opts.words`) in the room left. `bid`: ctx.bid(...). `opts.ghost`: a dashed
// outline where the bid would go (an outbid player's move targets). `opts.cls`: the group's class.
export function bidMarker(bid, x, y, w, opts = {}) {
  const ghost = Boolean(opts.ghost);
  const fill = ghost ? shade(bid.colour, 0.82) : bid.colour;
  const ink = ghost ? inkOn(fill) : bid.ink;
  const g = svg("g", {
    class: opts.cls || (ghost ? "pel-bid-ghost" : "pel-bid"), "data-bidder": bid.bidder, "data-coins": bid.value, "data-luxury": bid.luxury,
  });
  g.append(svg("rect", {
    x, y, width: w, height: BID_H, rx: BID_H / 2, fill, stroke: ghost ? bid.colour : shade(bid.colour, -0.3),
    "stroke-width": ghost ? 1.4 : 1, "stroke-dasharray": ghost ? "4 3" : null,
  }));
  g.append(goodIcon("coins", x + 12, y + 10.5, 13));
  const value = String(bid.value);
  g.append(text(x + 22, y + 15, value, { "font-size": 12.5, "font-weight": 700, fill: ink, class: "pel-bid-value" }));
  let nx = x + 22 + value.length * 8 + 4;
  if (bid.short) {
    const cw = bidChipWidth(bid);
    g.append(svg("g", { class: "pel-bid-lux", "data-luxury": bid.luxury, "data-coins": bid.coins }, [
      svg("rect", { x: nx - 1, y: y + 3, width: cw, height: BID_H - 6, rx: (BID_H - 6) / 2, fill: "#fff", stroke: GOODS.luxury.colour, "stroke-width": 0.9 }),
      text(nx - 1 + cw / 2, y + 14, bid.short, { "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: GOODS.luxury.ink }),
    ]));
    nx += cw + 4;
  }
  const words = opts.words || bid.name || "";
  const room = x + w - 7 - nx;
  if (words && room >= 16) g.append(label(nx, y + 15, words, { "font-size": 11, fill: ink, "font-style": ghost ? "italic" : null }, room));
  g.append(svg("title", {}, [ghost ? `${bid.name}'s bid of ${bid.full} may move here` : `${bid.name} bids ${bid.full}`]));
  return g;
}

export const CHIP_W = 64;
export const CHIP_H = 86;

// A small chip for an owned tile, drawn CHIP_W x CHIP_H and scaled to `w` wide at (x, y).
// `opts`: {reserved, reserveCoins, attrs}.
export function tileChip(tile, x, y, w, opts = {}) {
  const kind = KIND[tile.kind] || KIND.land;
  const s = w / CHIP_W;
  const g = svg("g", {
    class: "pel-owned", "data-tile": tile.id, "data-kind": tile.kind, "data-reserved": opts.reserved ? "true" : "false",
    ...(opts.attrs || {}),
  });
  const body = svg("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${s.toFixed(3)})` });
  const W = CHIP_W;
  const H = CHIP_H;
  body.append(svg("rect", { x: 1, y: 2, width: W, height: H, rx: 5, fill: "rgba(0,0,0,0.12)" }));
  body.append(svg("rect", {
    x: 0, y: 0, width: W, height: H, rx: 5, fill: kind.face, stroke: opts.reserved ? INK : kind.edge,
    "stroke-width": opts.reserved ? 1.4 : 1, "stroke-dasharray": opts.reserved ? "4 2.5" : null,
  }));
  body.append(svg("path", { d: `M 0 16 V 5 A 5 5 0 0 1 5 0 H ${W - 5} A 5 5 0 0 1 ${W} 5 V 16 Z`, fill: kind.band }));
  body.append(text(5, 12, tile.id, { "font-size": 10, "font-weight": 700, fill: "#fff" }));
  body.append(text(W - 5, 12, `${tile.pp}`, { "font-size": 10.5, "font-weight": 700, fill: "#fff", "text-anchor": "end" }));
  body.append(goodIcon("pp", W - 17, 8, 8, "#fff"));
  body.append(label(4, 28, tile.name, { "font-size": 9.5, "font-weight": 600, fill: INK }, W - 8));
  // Income per round (what the land placement rule compares), then the protection shields.
  const income = amounts(tile.income, INCOME_ORDER);
  if (tile.income && tile.income.choice) income.push(["choice", tile.income.choice]);
  let ix = 4;
  for (const [k, n] of income.slice(0, 3)) {
    body.append(text(ix, 45, String(n), { "font-size": 10, "font-weight": 700, fill: INK }));
    body.append(k === "choice" ? choiceIcon(ix + 13, 41.5, 10) : goodIcon(k, ix + 13, 41.5, 10));
    ix += 21;
  }
  const gain = amounts(tile.gain, GAIN_ORDER);
  if (gain.length) {
    body.append(text(4, 60, "once", { "font-size": 7, fill: MUTED }));
    let gx = 22;
    for (const [k, n] of gain.slice(0, 2)) {
      body.append(text(gx, 60, `${n > 0 ? "+" : "−"}${Math.abs(n)}`, { "font-size": 8.5, "font-weight": 700, fill: n < 0 ? WARN : MUTED }));
      body.append(goodIcon(k, gx + 16, 57, 8));
      gx += 22;
    }
  }
  protectedFrom(tile.protects).forEach((d, i) => body.append(shieldIcon(d.id, 10 + i * 15, H - 11, 13)));
  const extras = [];
  if (tile.free_land) extras.push("free lands");
  if (tile.market) extras.push("2c=1PP");
  if (extras.length) body.append(label(4, H - 7, extras.join(" "), { "font-size": 8, fill: MUTED }, W - 26));
  if (opts.reserved) {
    body.append(svg("g", { class: "pel-reserved-coin" }, [
      goodIcon("coins", W - 11, H - 12, 15),
      text(W - 11, H - 8.5, String(opts.reserveCoins || 1), { "font-size": 9, "font-weight": 700, fill: GOODS.coins.ink, "text-anchor": "middle" }),
    ]));
  }
  g.append(body);
  g.append(svg("title", {}, [`${describeTile(tile)}${opts.reserved ? " — reserved: coins lie on it until it is finished in the next supply round" : ""}`]));
  return g;
}

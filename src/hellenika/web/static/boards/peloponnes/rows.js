// Peloponnes board: the tiles on offer this round. The regular row (bid on a free tile or outbid its bidder;
// an outbid player moves his bid to a free one) and the conquest row (conquer at the minimum + 3; solo: buy at
// the minimum). Each tile shows the bid lying on it (with the luxury goods paid for part of it); while a
// player decides where his outbid bid goes, each free tile it may move to shows it dashed. Clicks: a tile
// bids on it, conquers it, takes it (solo) or moves the outbid bid to it; the tile whose coins are being
// named highlights the amounts.
import { svg, target, text } from "../../js/svg.js";
import { ACCENT, FAINT, INK, MUTED, inkOn, label } from "./theme.js";
import { CONQUEST_SURCHARGE } from "./catalogue.js";
import { describeTile, tileCard } from "./tiles.js";

const GAP = 10;
const CARD_H = 172;
const GOODS_OF = ["food", "wood", "stone"];

function incomeGoods(tile) {
  return GOODS_OF.filter((k) => tile.income && tile.income[k] > 0);
}

// Why the viewer may not bid on a land: it shares no income good with his rightmost land (spec §4.4),
// unless he owns the Barracks or plays Leptis Magna.
function landMisfit(ctx, tile) {
  if (tile.kind !== "land" || ctx.seat === null) return false;
  const me = ctx.participant(ctx.seat);
  if (!me || !me.lands || !me.lands.length || me.colony === "leptis") return false;
  if ((me.buildings || []).some((b) => b.free_land)) return false;
  const last = incomeGoods(me.lands[me.lands.length - 1]);
  return !incomeGoods(tile).some((k) => last.includes(k));
}

// Angelos' pick from a row (solo, spec §9): the most power points, then the most inhabitants in the top
// right, then the rightmost. He takes from the regular row if the player bought from the conquest row,
// otherwise from the conquest row.
export function angelosPick(tiles) {
  let best = null;
  let key = null;
  tiles.forEach((tile, i) => {
    if (!tile) return;
    const k = [tile.pp, (tile.gain && tile.gain.inhabitants) || 0, i];
    if (!key || k[0] > key[0] || (k[0] === key[0] && (k[1] > key[1] || (k[1] === key[1] && k[2] > key[2])))) {
      best = tile.id;
      key = k;
    }
  });
  return best;
}

function slotTargets(ctx, id, row) {
  const kinds = row === "regular" ? ["bid", "move", "take"] : ["conquer", "take"];
  const out = ctx.matching((a) => kinds.includes(a.kind) && a.tile === id);
  const decision = ctx.view.decision || {};
  if (!out.length && decision.tile === id && decision.step === "bidding: naming the coins") return ctx.ofKind("amount");
  return out;
}

function emptySlot(x, y, w, h, words) {
  return svg("g", { class: "pel-empty-slot" }, [
    svg("rect", { x, y, width: w, height: h, rx: 8, fill: "none", stroke: FAINT, "stroke-width": 1.2, "stroke-dasharray": "5 4" }),
    text(x + w / 2, y + h / 2 + 4, words, { "text-anchor": "middle", "font-size": 11, fill: FAINT, "font-style": "italic" }),
  ]);
}

export function drawRows(ctx, width) {
  const { view } = ctx;
  const regular = view.regular_row || [];
  const conquest = view.conquest_row || [];
  const g = svg("g", { class: "pel-rows" });
  const total = regular.length + conquest.length;
  if (!total) {
    const words = view.game_over ? "No tiles on offer: the game is over" : view.round ? "No tiles on offer: this round's tiles are placed" : "The first tiles are revealed when round 1 begins";
    g.append(svg("rect", { x: 0, y: 0, width, height: 34, rx: 8, fill: "#f3ecdd" }));
    g.append(text(14, 22, words, { "font-size": 12.5, fill: MUTED, "font-style": "italic", class: "pel-rows-empty" }));
    return { node: g, height: 34 };
  }
  const bidding = ctx.legal.some((a) => a.action && ["bid", "conquer", "take", "move", "amount"].includes(a.action.kind));
  const split = conquest.length ? 22 : 0;
  const cardW = Math.min(196, (width - split - GAP * (total - 1)) / total);
  const used = total * cardW + GAP * (total - 1) + split;
  let x = (width - used) / 2;
  const y = 22;
  const caption = (cx, words, w) => g.append(label(cx, 13, words, { "font-size": 10, "font-weight": 700, fill: MUTED, "letter-spacing": "0.06em", class: "pel-row-caption" }, w));
  caption(x, `REGULAR ROW · ${view.solo ? "buy at the minimum bid" : "bid, or outbid a bid"}`, regular.length * (cardW + GAP) - GAP);
  const decision = view.decision || {};
  const naming = decision.step === "bidding: naming the coins" ? decision.tile : null;
  const outbid = decision.step === "bidding: outbid" && decision.bid ? ctx.bid(decision.seat, decision.bid.coins, decision.bid.luxury) : null;
  // Solo against Angelos, while the player buys: the tile he would take after each choice.
  const angelos = ctx.participants.find((p) => p.automaton);
  const buying = angelos && decision.step === "buying a tile";
  const picks = buying
    ? { regular: angelosPick(regular.map((s) => (s ? s.tile : null))), conquest: angelosPick(conquest) }
    : { regular: null, conquest: null };

  const place = (tile, row, slot) => {
    const idx = slotTargets(ctx, tile.id, row);
    const surcharge = row === "conquest" && !view.solo ? CONQUEST_SURCHARGE : 0;
    const priceWords = surcharge ? `${tile.min_bid + surcharge} (${tile.min_bid} + ${surcharge})` : `min ${tile.min_bid}`;
    let note = "";
    const misfit = bidding && !idx.length && landMisfit(ctx, tile);
    if (misfit) note = "doesn't fit your lands";
    const bid = slot && slot.bidder !== null && slot.bidder !== undefined ? ctx.bid(slot.bidder, slot.bid, slot.bid_luxury) : null;
    // The outbid bid, in its owner's hand, drawn dashed on each free tile it may move to.
    const ghost = !bid && outbid && ctx.matching((a) => a.kind === "move" && a.tile === tile.id).length ? outbid : null;
    const card = tileCard(tile, x, y, cardW, CARD_H, {
      priceWords, bid, ghost, note, dim: bidding && !idx.length && tile.id !== naming,
      attrs: { "data-row": row, "data-targets": idx.length },
    });
    if (tile.id === naming || idx.length) {
      card.insertBefore(svg("rect", {
        x: x - 3, y: y - 3, width: cardW + 6, height: CARD_H + 6, rx: 10, fill: "none",
        stroke: tile.id === naming ? "#d9a520" : ACCENT, "stroke-width": 2.6, class: "pel-cue pel-pulse",
      }), card.firstChild);
    }
    if (picks[row] === tile.id) {
      const words = row === "regular" ? "Angelos takes it if you buy a conquest tile" : "Angelos takes it unless you buy a conquest tile";
      const colour = ctx.colour(angelos.index);
      const fy = y + CARD_H - 26;
      card.append(svg("g", { class: "pel-angelos-pick", "data-tile": tile.id }, [
        svg("rect", { x: x + cardW - 86, y: fy - 1, width: 80, height: 21, rx: 10.5, fill: colour }),
        text(x + cardW - 46, fy + 13.5, row === "regular" ? "Angelos if…" : "Angelos' pick", { "text-anchor": "middle", "font-size": 10.5, "font-weight": 700, fill: inkOn(colour) }),
        svg("title", {}, [words]),
      ]));
    }
    if (!idx.length) card.append(svg("title", {}, [describeTile(tile) + (misfit ? " — it shares no income good with your rightmost land" : "")]));
    g.append(target(card, idx, ctx.ui, idx.length ? `${ctx.labels(idx)}\n${describeTile(tile)}` : undefined));
  };

  regular.forEach((slot) => {
    if (slot && slot.tile) place(slot.tile, "regular", slot);
    else g.append(emptySlot(x, y, cardW, CARD_H, "taken"));
    x += cardW + GAP;
  });
  if (conquest.length) {
    const sx = x - GAP + split / 2 + GAP / 2;
    g.append(svg("path", { d: `M ${sx} ${y} V ${y + CARD_H}`, stroke: INK, "stroke-width": 1, "stroke-dasharray": "2 4", opacity: 0.5 }));
    x += split;
    caption(x, `CONQUEST ROW · ${view.solo ? "buy at the minimum" : `minimum + ${CONQUEST_SURCHARGE}`}`, conquest.length * (cardW + GAP) - GAP);
    conquest.forEach((tile) => {
      if (tile) place(tile, "conquest", null);
      else g.append(emptySlot(x, y, cardW, CARD_H, "taken"));
      x += cardW + GAP;
    });
  }
  return { node: g, height: y + CARD_H + 6 };
}

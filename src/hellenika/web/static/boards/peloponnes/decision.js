// Peloponnes board: the pending decision in plain words (an outbid player's bid in hand shown as its marker),
// and buttons for the choices that are not a piece on the table (pass, the coins of a bid, taking an outbid
// bid back, build now or reserve, strength, a good of choice, Ariadne, Odysseus, saving a tile, mercenaries,
// finishing a building, cloverleaves, negotiation offers and answers). The pieces themselves (tiles, a colony
// or hero to make an offer for) are clicked where they lie.
import { svg, target, text } from "../../js/svg.js";
import { ACCENT, GOLD, INK, MUTED, SERIF, inkOf, label, shade } from "./theme.js";
import { COLONIES, DISASTERS, HEROES, tileById } from "./catalogue.js";
import { choiceIcon, goodIcon } from "./icons.js";
import { angelosPick } from "./rows.js";
import { bidMarker, bidMarkerWidth } from "./tiles.js";

const NUMERIC = new Set(["amount", "hire", "clovers", "coins"]);

function tileName(id) {
  const t = tileById(id);
  return t ? `${t.name} ${id}` : String(id || "a tile");
}

// A chit in words: "a Persian chit of strength 2", "a Plague chit", "the blank chit".
export function chitName(id) {
  const persian = /^persians-(\d+)$/.exec(id || "");
  if (persian) return `a Persian chit of strength ${persian[1]}`;
  const d = DISASTERS.find((e) => e.id === id);
  return d ? `a ${d.name} chit` : "the blank chit";
}

function disasterName(id) {
  if (id === "persians") return "Persian defeat";
  const d = DISASTERS.find((e) => e.id === id);
  return d ? d.name : String(id || "disaster");
}

// What the pending decision is about: {title, detail}.
export function promptOf(ctx) {
  const { view } = ctx;
  const d = view.decision;
  if (!d) return null;
  const mine = ctx.seat !== null && ctx.seat === d.seat;
  const who = mine ? "You" : ctx.name(d.seat);
  const your = mine ? "your" : "their";
  const tile = d.tile ? tileById(d.tile) : null;
  const conquest = (view.conquest_row || []).some(Boolean);
  switch (d.step) {
    case "bidding":
      return {
        title: mine ? "Your bid this round" : `${who} is bidding`,
        detail: `Bid on a free tile of the regular row or outbid its bidder${conquest ? ", conquer a tile of the conquest row" : ""}, or pass for 1 coin.${mine ? " Click a tile." : ""}`,
      };
    case "bidding: naming the coins":
      return { title: `${who} ${mine ? "name" : "names"} the coins for ${tileName(d.tile)}`, detail: "At least the minimum, and more than the bid lying on it; the coins are paid now." };
    case "bidding: outbid": {
      // The bid is in his hand (on no tile) until he moves it: the decision carries it.
      const bid = d.bid ? ctx.bid(d.seat, d.bid.coins, d.bid.luxury) : null;
      const back = bid && bid.luxury ? `take it back: ${bid.words}, +1 coin` : "take the coins back (+1 coin)";
      return {
        title: `${who} ${mine ? "were" : "was"} outbid${bid ? `: ${bid.value} coin${bid.value === 1 ? "" : "s"} in hand` : ""}`,
        detail: `Move ${your} unchanged bid to a free tile whose minimum it meets${mine ? " (click it)" : ""}, or ${back}.`,
        bid,
      };
    }
    case "buying a tile": {
      const fromConquest = angelosPick(view.conquest_row || []);
      const fromRegular = angelosPick((view.regular_row || []).map((s) => (s ? s.tile : null)));
      const angelos = ctx.participants.some((p) => p.automaton);
      const then = !angelos ? "" : ` Angelos then takes ${fromConquest ? tileName(fromConquest) : "nothing"}${fromRegular ? `, or ${tileName(fromRegular)} if you buy a conquest tile` : ""}.`;
      return { title: mine ? "Buy one tile" : `${who} buys a tile`, detail: `Any tile of either row at its printed minimum bid, or pass for 1 coin.${then}` };
    }
    case "adding tiles: building":
      return {
        title: `${tileName(d.tile)}: build now or later?`,
        detail: tile && tile.cost ? `Build now for ${[["wood", tile.cost.wood], ["stone", tile.cost.stone]].filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(" + ") || "nothing"}, or reserve it with coins and finish it in the next supply round.` : "Build it now or reserve it.",
      };
    case "adding tiles: strength":
      return {
        title: `Strength with ${tileName(d.tile)}?`,
        detail: `Pay ${tile && tile.kind === "land" ? "2 food" : "1 wood + 1 stone"} more for ${tile ? tile.pp : "its"} strength (its power points).`,
      };
    case "income: choosing a good":
      return { title: `${who}: income of choice`, detail: `One food, wood, stone or a coin (${d.picks_left ?? 1} to pick). ${mine ? "Click a good on your mat." : ""}` };
    case "Ariadne's chit":
      return { title: `Ariadne sees ${chitName(d.chit)}`, detail: "Send it under the second stack and draw another instead (once a round), or let it be placed?" };
    case "Odysseus' coin":
      return { title: `Odysseus' coin against the ${disasterName(d.event)}?`, detail: "Once a game his coin spares him one disaster or Persian defeat; the coin is lost." };
    case "disaster: saving tiles":
      return {
        title: `${disasterName(d.disaster)}: keep ${tileName(d.tile)}?`,
        detail: d.disaster === "tempest" ? "Pay food and a coin for it (luxury 2 for 1), or lose the land." : "Pay wood and stone for it (luxury 2 for 1), or lose the building.",
      };
    case "Persians: losing a tile":
      return { title: "The Persians won the second attack", detail: `${who} ${mine ? "lose" : "loses"} one of ${your} tiles with the most power points. ${mine ? "Click it." : ""}` };
    case "hiring mercenaries":
      return { title: `${who}: hire mercenaries?`, detail: `1 coin each, up to ${your} ${d.limit || "power points"}: +1 strength and +1 population point each.` };
    case "supply round: finishing buildings":
      return { title: `Supply round: finish ${tileName(d.tile)}?`, detail: "Pay its cost and take the coins back, or give it up (coins back, the tile leaves the game)." };
    case "assigning cloverleaves":
      return { title: `${who}: the cloverleaves`, detail: "Each counts 2 power points or 2 population points: how many go to power?" };
    case "negotiation: making an offer":
      return { title: `${who}: an offer for a ${d.for}?`, detail: `Offer coins for another player's ${d.for}${mine ? ` (click it)` : ""}, or make none.` };
    case "negotiation: naming the coins":
      return { title: `${who}: coins for ${ctx.name(d.target)}'s ${d.for}`, detail: "From nothing up to all of the coins; accepted, the two swap." };
    case "negotiation: answering an offer": {
      const owner = ctx.participant(d.seat);
      const thing = owner ? (d.for === "colony" ? (COLONIES[owner.colony] || {}).name : (HEROES[owner.hero] || {}).name) : null;
      return {
        title: `${ctx.name(d.offerer)} offers ${d.coins} coin${d.coins === 1 ? "" : "s"} for ${mine ? "your" : `${who}'s`} ${d.for}${thing ? ` ${thing}` : ""}`,
        detail: "Accept (the coins change hands and the two swap) or refuse.",
      };
    }
    default:
      return { title: `${who}: ${d.step}`, detail: "" };
  }
}

// The words of a button for a legal action that is not a piece on the table; null for the others. `bid`: the
// outbid bid in hand (ctx.bid), if any.
function buttonOf(a, bid) {
  switch (a.kind) {
    case "pass": return { words: "Pass (+1 coin)" };
    case "withdraw": return { words: bid && bid.luxury ? `Take back ${bid.short} (+1 coin)` : "Take the coins back (+1)" };
    case "amount": case "coins": case "hire": return { words: String(a[a.kind === "hire" ? "count" : "coins"]), number: true };
    case "clovers": return { words: String(a.power), number: true };
    case "build": return { words: a.discount === "none" ? "Build now" : `Build (2 ${a.discount} less)` };
    case "reserve": return { words: "Reserve for later" };
    case "strength": return { words: a.buy ? "Buy strength" : "No strength" };
    case "income": return { words: a.good === "coin" ? "a coin" : a.good, icon: a.good === "coin" ? "coins" : a.good };
    case "ariadne": return { words: a.redirect ? "Under stack 2" : "Place it" };
    case "odysseus": return { words: a.use ? "Use his coin" : "Keep the coin" };
    case "save": return { words: a.save ? "Pay to keep it" : "Let it go" };
    case "finish": return { words: a.discount === "none" ? "Finish it" : `Finish (2 ${a.discount} less)` };
    case "abandon": return { words: "Give it up" };
    case "no-offer": return { words: "No offer" };
    case "answer": return { words: a.accept ? "Accept" : "Refuse" };
    default: return null;
  }
}

const NUMBER_CAPTION = { amount: "coins", coins: "coins", hire: "mercenaries", clovers: "on power" };

export function drawDecision(ctx, width) {
  const prompt = promptOf(ctx);
  if (!prompt || ctx.view.game_over) return null;
  const d = ctx.view.decision;
  const mine = ctx.legal.length > 0;
  const colour = ctx.colour(d.seat);
  const g = svg("g", { class: "pel-decision", "data-step": d.step, "data-seat": d.seat, "data-mine": mine ? "true" : "false" });
  const buttons = [];
  for (const entry of ctx.legal) {
    const b = entry.action ? buttonOf(entry.action, prompt.bid) : null;
    if (b) buttons.push({ ...b, entry });
  }
  const numbers = buttons.filter((b) => b.number);
  const words = buttons.filter((b) => !b.number);
  // Lay the buttons out: words first, then a keypad of numbers, wrapping at the width.
  const left = 16;
  const right = width - 16;
  let x = left;
  let y = 52;
  const rowH = 32;
  const placed = [];
  for (const b of words) {
    const w = b.words.length * 7.4 + (b.icon ? 46 : 28);
    if (x + w > right) { x = left; y += rowH; }
    placed.push({ ...b, x, y, w });
    x += w + 8;
  }
  if (numbers.length) {
    const kind = numbers[0].entry.action.kind;
    const caption = `${NUMBER_CAPTION[kind] || ""}:`;
    const cw = caption.length * 6.4 + 6;
    if (x + cw + 36 > right) { x = left; y += rowH; }
    placed.push({ caption, x, y, w: cw });
    x += cw;
    for (const b of numbers) {
      const w = Math.max(32, b.words.length * 8 + 16);
      if (x + w > right) { x = left + cw; y += rowH; }
      placed.push({ ...b, x, y, w });
      x += w + 5;
    }
  }
  const height = placed.length ? y + rowH + 4 : 54;
  g.append(svg("rect", { x: 0, y: 0, width, height, rx: 10, fill: mine ? "#eef4fa" : "#f4efe4", stroke: mine ? ACCENT : shade(colour, 0.3), "stroke-width": mine ? 2 : 1.2 }));
  g.append(svg("rect", { x: 0, y: 0, width: 8, height, rx: 4, fill: colour }));
  // The outbid bid in hand, as its marker, at the right beside the words.
  let aside = 0;
  if (prompt.bid) {
    const bw = bidMarkerWidth(prompt.bid, "in hand");
    aside = bw + 12;
    g.append(bidMarker(prompt.bid, width - left - bw, 29, bw, { cls: "pel-bid-in-hand", words: "in hand" }));
  }
  g.append(label(left, 22, prompt.title, { "font-size": 16, "font-weight": 700, "font-family": SERIF, fill: mine ? INK : inkOf(colour), class: "pel-prompt" }, width - 2 * left));
  g.append(label(left, 40, prompt.detail, { "font-size": 11.5, fill: MUTED }, width - 2 * left - aside));
  for (const b of placed) {
    if (b.caption) {
      g.append(text(b.x, b.y + 20, b.caption, { "font-size": 11, fill: MUTED }));
      continue;
    }
    const a = b.entry.action;
    const node = svg("g", { class: "pel-button", "data-kind": a.kind, "data-index": b.entry.index }, [
      svg("rect", { x: b.x, y: b.y, width: b.w, height: 26, rx: 13, fill: b.number ? "#fff" : ACCENT, stroke: b.number ? ACCENT : shade(ACCENT, -0.3), "stroke-width": 1.2 }),
    ]);
    let tx = b.x + b.w / 2;
    if (b.icon) {
      node.append(b.icon === "choice" ? choiceIcon(b.x + 18, b.y + 13, 15) : goodIcon(b.icon, b.x + 18, b.y + 13, 15, b.number ? undefined : "#fff"));
      tx += 10;
    }
    node.append(text(tx, b.y + 17.5, b.words, { "text-anchor": "middle", "font-size": 12.5, "font-weight": 700, fill: b.number ? ACCENT : "#fff" }));
    g.append(target(node, [b.entry.index], ctx.ui, b.entry.label));
  }
  if (!mine && d.seat !== ctx.seat) {
    g.append(text(width - 16, 22, ctx.seat === null ? "you are watching" : "waiting for them", { "text-anchor": "end", "font-size": 10.5, fill: MUTED, "font-style": "italic" }));
  }
  if (mine && !placed.length) {
    g.append(text(width - 16, 22, "click on the board or choose in the list", { "text-anchor": "end", "font-size": 10.5, fill: GOLD, "font-style": "italic" }));
  }
  return { node: g, height };
}

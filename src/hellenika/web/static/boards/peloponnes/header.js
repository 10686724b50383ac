// Peloponnes board: the header. Title and mode, who is to decide (or who won), the round track 1-8 with its
// tile stacks A/B/C and the supply rounds, the phases of the round with the current one lit, and the turn
// order with the start player first.
import { svg, text } from "../../js/svg.js";
import { ACCENT, FAINT, GOODS, INK, LINE, MUTED, PAPER, SERIF, inkOf, inkOn, label, ordinal, shade } from "./theme.js";
import { RANKS, STACK_ROUNDS } from "./catalogue.js";
import { PHASES } from "./context.js";
import { supplyIcon } from "./icons.js";

function chip(x, y, words, fill, ink = "#fff") {
  const w = words.length * 6.6 + 18;
  return {
    node: svg("g", { class: "pel-chip" }, [
      svg("rect", { x, y, width: w, height: 20, rx: 10, fill }),
      text(x + w / 2, y + 14, words, { "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: ink }),
    ]),
    width: w,
  };
}

// The headline: whose decision it is, or the result.
export function headline(ctx) {
  const { view, model } = ctx;
  if (view.game_over || model.finished) {
    const places = view.places || model.places || [];
    const winners = ctx.participants.filter((p) => places[p.index] === 1);
    if (view.solo && ctx.participants.length === 1) {
      const p = ctx.participants[0];
      return { who: p ? p.index : null, words: `Game over: ${p ? p.score : "?"} points`, hint: "solitaire: score as high as you can" };
    }
    if (!winners.length) return { who: null, words: "Game over", hint: "" };
    if (winners.length === 1) return { who: winners[0].index, words: `${ctx.name(winners[0].index)} wins!`, hint: "Game over · final scores below" };
    return { who: null, words: `${winners.map((w) => ctx.name(w.index)).join(" and ")} share the victory`, hint: "Game over" };
  }
  if (ctx.deciding === null) {
    const step = view.step || "";
    return { who: null, words: step ? step[0].toUpperCase() + step.slice(1) : "", hint: view.to_move === "chance" ? "the table is resolving it" : "" };
  }
  const mine = ctx.seat !== null && ctx.seat === ctx.deciding;
  const step = (view.decision && view.decision.step) || view.step || "";
  return {
    who: ctx.deciding,
    words: mine ? "Your decision" : `${ctx.name(ctx.deciding)} to decide`,
    hint: step,
  };
}

function titleBar(ctx, width) {
  const { view } = ctx;
  const g = svg("g", { class: "pel-title" });
  g.append(text(12, 30, "Peloponnes", { "font-size": 25, "font-weight": 700, "font-family": SERIF, fill: INK, "letter-spacing": "0.02em" }));
  let x = 196;
  const chips = [];
  chips.push(view.expansion ? ["Heroes & Colonies", "#7b4f2a"] : ["Base game", "#8a7e6a"]);
  if (view.negotiation) chips.push(["Negotiation", "#3f6f6a"]);
  if (view.solo) {
    const rank = view.angelos_rank ? RANKS[view.angelos_rank] : null;
    chips.push([rank ? `Solo vs Angelos · ${rank.name}` : "Solitaire", "#5b4a6b"]);
  }
  for (const [words, fill] of chips) {
    const c = chip(x, 14, words, fill);
    g.append(c.node);
    x += c.width + 6;
  }
  const head = headline(ctx);
  const status = svg("g", { class: "pel-status", "data-who": head.who ?? "" });
  const right = width - 12;
  const colour = head.who !== null ? ctx.colour(head.who) : INK;
  const room = right - x - 40;
  const wordsW = Math.min(Math.max(head.words.length * 9.8, head.hint.length * 6), room);
  if (head.who !== null) {
    status.append(svg("circle", { cx: right - wordsW - 16, cy: 24, r: 11, fill: colour, stroke: shade(colour, -0.3) }));
    status.append(text(right - wordsW - 16, 28.5, view.game_over ? "★" : "▶", { "text-anchor": "middle", "font-size": 11, fill: inkOn(colour) }));
  }
  status.append(label(right, head.hint ? 22 : 29, head.words, { "text-anchor": "end", "font-size": 17, "font-weight": 700, fill: head.who !== null ? inkOf(colour) : INK, "font-family": SERIF, class: "pel-headline" }, room));
  if (head.hint) status.append(label(right, 38, head.hint, { "text-anchor": "end", "font-size": 11, fill: MUTED }, room));
  g.append(status);
  return g;
}

// The round track: rounds 1-8 grouped by tile stack, the supply rounds, the final supply round.
function roundTrack(ctx, x0, y0) {
  const { view } = ctx;
  const current = view.round || 0;
  const stacks = view.tile_stacks || {};
  const g = svg("g", { class: "pel-rounds", "data-round": current });
  const box = 38;
  const gap = 4;
  const stackGap = 12;
  let x = x0;
  const centres = {};
  for (const [stack, rounds] of Object.entries(STACK_ROUNDS)) {
    const segW = rounds.length * (box + gap) - gap;
    const left = stacks[stack] ?? 0;
    g.append(text(x, y0 + 9, `STACK ${stack}`, { "font-size": 9, "font-weight": 700, fill: MUTED, "letter-spacing": "0.1em" }));
    g.append(svg("g", { class: "pel-stack", "data-stack": stack, "data-left": left }, [
      text(x + segW, y0 + 9, `${left} left`, { "font-size": 9, fill: left ? MUTED : FAINT, "text-anchor": "end" }),
      svg("title", {}, [`Tile stack ${stack} (rounds ${rounds.join(", ")}): ${left} tiles face down`]),
    ]));
    for (const r of rounds) {
      const past = r < current;
      const now = r === current;
      const cell = svg("g", { class: "pel-round", "data-round": r, "data-current": now ? "true" : "false" }, [
        svg("rect", {
          x, y: y0 + 14, width: box, height: 28, rx: 5,
          fill: now ? ACCENT : past ? "#e9dfca" : PAPER, stroke: now ? shade(ACCENT, -0.3) : LINE, "stroke-width": now ? 1.6 : 1,
        }),
        text(x + box / 2, y0 + 33, String(r), { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: now ? "#fff" : past ? MUTED : INK }),
        svg("title", {}, [`Round ${r}${now ? " (now)" : past ? " (played)" : ""}: tiles from stack ${stack}`]),
      ]);
      g.append(cell);
      centres[r] = x + box / 2;
      x += box + gap;
    }
    x += stackGap - gap;
  }
  // The final supply round, after round 8.
  const fx = x;
  const final = ctx.supply.final;
  g.append(svg("g", { class: "pel-supply-round", "data-which": "final", "data-done": final.done ? "true" : "false", "data-now": final.now ? "true" : "false" }, [
    svg("rect", { x: fx, y: y0 + 14, width: 54, height: 28, rx: 5, fill: final.now ? "#fff4d6" : final.done ? "#e9dfca" : PAPER, stroke: final.now ? GOODS.food.colour : LINE, "stroke-width": final.now ? 2 : 1, "stroke-dasharray": "3 2" }),
    supplyIcon(fx + 15, y0 + 28, 20),
    text(fx + 28, y0 + 32, "end", { "font-size": 10.5, fill: MUTED }),
    svg("title", {}, ["The final supply round after round 8 (feeding, reserved buildings, internal conflict), then scoring"]),
  ]));
  // The supply rounds B05 and C04 call: over the round they came in, or over their stack while unknown.
  for (const key of ["B", "C"]) {
    const s = ctx.supply[key];
    const rounds = STACK_ROUNDS[key];
    const node = svg("g", { class: "pel-supply-round", "data-which": key, "data-round": s.round ?? "", "data-done": s.done ? "true" : "false", "data-now": s.now ? "true" : "false" });
    const y = y0 + 54;
    if (s.round) {
      const cx = centres[s.round];
      node.append(svg("path", { d: `M ${cx} ${y0 + 42} V ${y - 8}`, stroke: GOODS.food.colour, "stroke-width": 1.5 }));
      node.append(supplyIcon(cx, y, s.now ? 20 : 17));
      node.append(svg("title", {}, [`Supply round in round ${s.round} (${s.tile} was revealed)${s.now ? ": now" : ""}`]));
    } else {
      const a = centres[rounds[0]] - box / 2;
      const b = centres[rounds[rounds.length - 1]] + box / 2;
      node.append(svg("path", { d: `M ${a + 2} ${y0 + 45} V ${y0 + 49} H ${b - 2} V ${y0 + 45}`, fill: "none", stroke: s.done ? GOODS.food.colour : FAINT, "stroke-width": 1.2 }));
      node.append(supplyIcon((a + b) / 2, y, 15));
      node.append(text((a + b) / 2 + 11, y + 4, s.done ? "✓" : "?", { "font-size": 11, "font-weight": 700, fill: s.done ? GOODS.food.ink : MUTED }));
      node.append(svg("title", {}, [s.done
        ? `The supply round ${s.tile} calls has been held (rounds ${rounds.join("-")})`
        : `A supply round comes when ${s.tile} is revealed (rounds ${rounds.join("-")})`]));
    }
    g.append(node);
  }
  return { node: g, width: fx + 54 - x0 };
}

// The phases of a round, the current one lit; "Supply" lights during a supply round.
function phaseStrip(ctx, x0, y0, width) {
  const { stage } = ctx;
  const g = svg("g", { class: "pel-phases", "data-phase": stage.phase ?? "", "data-supply": stage.supply ? "true" : "false" });
  const items = [...PHASES.map(([n, words]) => [String(n), `${n} ${words}`]), ["supply", "Supply round"]];
  const weights = items.map(([, words]) => words.length + 3);
  const total = weights.reduce((a, b) => a + b, 0);
  let x = x0;
  items.forEach(([key, words], i) => {
    const w = ((width - (items.length - 1) * 4) * weights[i]) / total;
    const on = key === "supply" ? stage.supply : !stage.supply && String(stage.phase) === key;
    const fill = on ? (key === "supply" ? GOODS.food.colour : ACCENT) : "#f1eadb";
    g.append(svg("g", { class: "pel-phase", "data-phase": key, "data-on": on ? "true" : "false" }, [
      svg("rect", { x, y: y0, width: w, height: 22, rx: 11, fill }),
      label(x + w / 2, y0 + 15, words, { "text-anchor": "middle", "font-size": 11, "font-weight": on ? 700 : 500, fill: on ? "#fff" : MUTED }, w - 10),
    ]));
    x += w + 4;
  });
  if (stage.setup) g.append(text(x0, y0 - 4, "Setting up the game", { "font-size": 10, fill: MUTED }));
  return g;
}

// The turn order: who bids first this round, then the others.
function turnOrder(ctx, x0, y0, width) {
  const order = ctx.view.turn_order || [];
  const g = svg("g", { class: "pel-turn-order", "data-order": order.join(",") });
  g.append(text(x0, y0 + 9, "TURN ORDER", { "font-size": 9, "font-weight": 700, fill: MUTED, "letter-spacing": "0.1em" }));
  // Up to five in a line; more take two lines.
  const perRow = order.length > 5 ? Math.ceil(order.length / 2) : Math.max(order.length, 1);
  const step = Math.min(110, width / perRow);
  const two = order.length > 5;
  order.forEach((p, i) => {
    const cx = x0 + step * (i % perRow) + 14;
    const cy = y0 + (two ? 26 + Math.floor(i / perRow) * 27 : 28);
    const colour = ctx.colour(p);
    const deciding = ctx.deciding === p;
    const node = svg("g", { class: "pel-turn", "data-seat": p, "data-position": i + 1 }, [
      deciding ? svg("circle", { cx, cy, r: 14, fill: "none", stroke: ACCENT, "stroke-width": 2.5 }) : null,
      svg("circle", { cx, cy, r: 11, fill: colour, stroke: shade(colour, -0.3) }),
      text(cx, cy + 4.5, String(i + 1), { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: inkOn(colour) }),
      label(cx + 17, cy + 4, ctx.name(p), { "font-size": 11.5, fill: INK, "font-weight": ctx.seat === p ? 700 : 400 }, step - 34),
      i === 0 && !two ? text(cx + 17, cy + 17, "start player", { "font-size": 9, fill: MUTED }) : null,
      svg("title", {}, [`${ordinal(i + 1)} in turn order: ${ctx.name(p)}${i === 0 ? " (start player)" : ""}${deciding ? " (deciding now)" : ""}`]),
    ]);
    g.append(node);
  });
  if (!order.length) g.append(text(x0, y0 + 32, "set by the civilizations' numbers", { "font-size": 11, fill: MUTED }));
  return g;
}

export function drawHeader(ctx, width) {
  const g = svg("g", { class: "pel-header" });
  g.append(titleBar(ctx, width));
  const track = roundTrack(ctx, 12, 48);
  g.append(track.node);
  const ox = 12 + track.width + 28;
  g.append(turnOrder(ctx, ox, 48, width - ox - 8));
  g.append(phaseStrip(ctx, 12, 118, width - 24));
  return { node: g, height: 146 };
}

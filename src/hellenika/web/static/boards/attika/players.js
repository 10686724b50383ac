// One panel per player: name and turn marker, hand (the viewer's own as cards, others as a count of backs),
// amphorae, the four stacks, the building in hand, progress to 30, and the storage board: one printed space
// per building type, by group, with the stored buildings face up on it and each copy's place on the map.
import { svg, text, target } from "../../js/svg.js";
import { LANDSCAPES, LAND, INK, MUTED, GOLD, PARCHMENT, inkOn, cueRect, cueCircle, landscapeCard, cardBack, amphoraIcon, buildingStack, buildingBack, buildingDisc, costPips } from "./art.js";
import { shorten, plural, stackName } from "./context.js";

export const PANEL_HEIGHT = 186;
const TOTAL = 30;
// The storage board in two rows of groups.
const ROWS = [["defense", "supply", "shipping", "mint", "vineyard"], ["city", "streets"]];
const SLOT_R = 19;
const PITCH = 44;
const GROUP_GAP = 16;

function builtCounts(ctx) {
  const out = ctx.players.map(() => new Map());
  for (const s of (ctx.view.board && ctx.view.board.spaces) || []) {
    if (s.owner === undefined || s.owner === null || !out[s.owner]) continue;
    out[s.owner].set(s.building, (out[s.owner].get(s.building) || 0) + 1);
  }
  return out;
}

function storageBoard(ctx, player, built, x0, y0, width) {
  const p = player.seat;
  const colour = ctx.colour(p);
  const mine = ctx.seat === p;
  const pending = ctx.view.pending && ctx.view.pending.player === p ? ctx.view.pending : null;
  const storeIdx = mine ? ctx.matching((a) => a.kind === "store") : [];
  const g = svg("g", { class: "attika-storage", "data-seat": p });
  const back = svg("rect", { x: x0, y: y0, width, height: 140, rx: 8, fill: PARCHMENT, stroke: "#d6c6a2", "stroke-width": 1 });
  if (storeIdx.length) {
    const store = svg("g", { class: "attika-store" }, [back, cueRect(x0, y0, width, 140, 8)]);
    store.append(text(x0 + 10, y0 + 104, "click to", { "font-size": 10, fill: "#1f5f8b", "font-style": "italic" }));
    store.append(text(x0 + 10, y0 + 117, "store here", { "font-size": 10, fill: "#1f5f8b", "font-style": "italic" }));
    g.append(target(store, storeIdx, ctx.ui, ctx.labels(storeIdx)));
  } else {
    g.append(back);
  }
  const groups = new Map(ctx.catalogue.groups.map((gr) => [gr.id, gr]));
  const byGroup = new Map();
  for (const b of ctx.catalogue.buildings) {
    if (!byGroup.has(b.group)) byGroup.set(b.group, []);
    byGroup.get(b.group).push(b);
  }
  const buildIdx = (id) => (mine ? ctx.matching((a) => a.kind === "build" && a.building === id) : []);
  const storage = player.storage || {};
  ROWS.forEach((row, ri) => {
    const rowY = y0 + 13 + ri * 68;
    const members = row.map((id) => byGroup.get(id) || []);
    const slots = members.reduce((n, m) => n + m.length, 0);
    const rowWidth = slots * PITCH + (row.length - 1) * GROUP_GAP;
    let x = x0 + (width - rowWidth) / 2 + PITCH / 2;
    row.forEach((groupId, gi) => {
      const list = members[gi];
      if (!list.length) return;
      const first = x;
      const centres = new Map();
      list.forEach((b, i) => centres.set(b.id, first + i * PITCH));
      const last = first + (list.length - 1) * PITCH;
      g.append(text((first + last) / 2, rowY, (groups.get(groupId) || { name: groupId }).name.toUpperCase(), {
        "text-anchor": "middle", "font-size": 9.5, "letter-spacing": "0.12em", fill: MUTED, "font-weight": 600,
      }));
      const cy = rowY + 26;
      // The arrows of free building: pred -> building, as arcs above the spaces.
      for (const b of list) {
        if (!b.free_after || b.free_after === b.id || !centres.has(b.free_after)) continue;
        const xa = centres.get(b.free_after);
        const xb = centres.get(b.id);
        if (xb - xa <= PITCH + 0.1) {
          g.append(svg("path", { d: `M ${xa + SLOT_R + 1} ${cy} L ${xb - SLOT_R - 1} ${cy}`, stroke: "#b39f78", "stroke-width": 1.3 }));
          g.append(svg("path", { d: `M ${xb - SLOT_R - 5} ${cy - 3} L ${xb - SLOT_R - 1} ${cy} L ${xb - SLOT_R - 5} ${cy + 3}`, fill: "none", stroke: "#b39f78", "stroke-width": 1.3 }));
        } else {
          const lift = 11 + (xb - xa) / PITCH;
          g.append(svg("path", {
            d: `M ${xa + 6} ${cy - SLOT_R + 1} C ${xa + 10} ${cy - SLOT_R - lift} ${xb - 10} ${cy - SLOT_R - lift} ${xb - 4} ${cy - SLOT_R}`,
            fill: "none", stroke: "#c4b28c", "stroke-width": 1.1,
          }));
        }
      }
      for (const b of list) {
        const cx = centres.get(b.id);
        const stored = storage[b.id] || 0;
        const onMap = built.get(b.id) || 0;
        const isPending = pending && pending.building === b.id;
        const slot = svg("g", { class: "attika-slot", "data-building": b.id, "data-stored": stored, "data-built": onMap });
        const complete = onMap >= b.copies;
        slot.append(svg("circle", { cx, cy, r: SLOT_R, fill: complete ? colour : "#efe4cb", "fill-opacity": complete ? 0.2 : 1, stroke: "#cdbb94", "stroke-width": 1 }));
        if (stored) {
          slot.append(svg("circle", { cx, cy: cy + 1.5, r: SLOT_R, fill: "rgba(0,0,0,0.22)" }));
          slot.append(svg("circle", { cx, cy, r: SLOT_R, fill: "#fffdf7", stroke: colour, "stroke-width": 3.2 }));
          if (b.main) slot.append(svg("circle", { cx, cy, r: SLOT_R - 3.6, fill: "none", stroke: "#1d1915", "stroke-width": 1.4 }));
        }
        slot.append(text(cx, cy + 1, b.short, {
          "text-anchor": "middle", "font-size": stored ? 11.5 : 10.5, "font-weight": 700,
          fill: stored ? INK : complete ? colour : "#a89878", "pointer-events": "none",
        }));
        slot.append(costPips(b.cost, cx, cy + 9, 2.4, !stored));
        if (stored > 1) {
          slot.append(svg("circle", { cx: cx + SLOT_R - 3, cy: cy - SLOT_R + 3, r: 7.5, fill: INK }));
          slot.append(text(cx + SLOT_R - 3, cy - SLOT_R + 6.5, `${stored}`, { "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }));
        }
        // One pip per copy: filled when that copy stands on the map.
        const pipGap = 7;
        const px0 = cx - ((b.copies - 1) * pipGap) / 2;
        for (let k = 0; k < b.copies; k++) {
          slot.append(svg("circle", {
            cx: px0 + k * pipGap, cy: cy + SLOT_R + 6, r: 2.6,
            fill: k < onMap ? colour : "none", stroke: k < onMap ? colour : "#bba987", "stroke-width": 1,
            class: k < onMap ? "attika-copy-built" : "attika-copy",
          }));
        }
        if (isPending) {
          slot.append(svg("circle", { cx, cy, r: SLOT_R + 3.5, fill: "none", stroke: GOLD, "stroke-width": 2.2, "stroke-dasharray": "4 2.5", class: "attika-pulse" }));
        }
        const where = [`${b.name} (${b.cost.endsWith("*") ? `${parseInt(b.cost, 10)} any` : b.cost})${b.main ? ", main building" : ""}`];
        if (b.free_after && b.free_after !== b.id) where.push(`free next to your ${ctx.building(b.free_after).name}`);
        if (b.free_after === b.id) where.push("free next to your own street");
        where.push(`${onMap} of ${b.copies} on the map${stored ? `, ${stored} on the storage board` : ""}`);
        const idx = buildIdx(b.id);
        const storeHere = isPending && storeIdx.length ? storeIdx : [];
        const indices = idx.length ? idx : storeHere;
        if (indices.length) slot.append(cueCircle(cx, cy, SLOT_R + 3.5));
        if (!indices.length) slot.append(svg("title", {}, [where.join(" · ")]));
        g.append(indices.length ? target(slot, indices, ctx.ui, `${ctx.labels(indices)}\n${where.join(" · ")}`) : slot);
      }
      x = last + PITCH + GROUP_GAP;
    });
  });
  return g;
}

export function drawPlayer(ctx, player, width, built) {
  const p = player.seat;
  const v = ctx.view;
  const colour = ctx.colour(p);
  const mine = ctx.seat === p;
  const over = !!v.game_over;
  const active = !over && v.active === p;
  const winner = over && v.winner === p;
  const g = svg("g", { class: "attika-player", "data-seat": p, "data-active": active ? "true" : "false", "data-you": mine ? "true" : "false" });
  g.append(svg("rect", { x: 1, y: 3, width: width - 2, height: PANEL_HEIGHT - 4, rx: 10, fill: "rgba(0,0,0,0.06)" }));
  g.append(svg("rect", {
    x: 0, y: 0, width, height: PANEL_HEIGHT - 6, rx: 10, fill: "#fffdf8",
    stroke: active || winner ? colour : "#d9cfbd", "stroke-width": active || winner ? 3 : 1,
  }));
  g.append(svg("path", { d: `M 10 0 L 10 ${PANEL_HEIGHT - 6} L 10 ${PANEL_HEIGHT - 6} A 10 10 0 0 1 0 ${PANEL_HEIGHT - 16} L 0 10 A 10 10 0 0 1 10 0 Z`, fill: colour }));
  g.append(svg("rect", { x: 10, y: 0, width: 4, height: PANEL_HEIGHT - 6, fill: colour }));

  // Name, badges.
  let nx = 26;
  if (active) {
    g.append(svg("g", { class: "attika-turn-marker" }, [
      svg("circle", { cx: 36, cy: 22, r: 10, fill: colour }),
      svg("path", { d: "M 32 16.5 L 42 22 L 32 27.5 Z", fill: inkOn(colour) }),
      svg("title", {}, [`${ctx.name(p)} is to move`]),
    ]));
    nx = 52;
  } else if (winner) {
    g.append(svg("g", { class: "attika-winner-marker" }, [
      svg("circle", { cx: 36, cy: 22, r: 10, fill: GOLD }),
      text(36, 26.5, "★", { "text-anchor": "middle", "font-size": 13, fill: "#fff" }),
    ]));
    nx = 52;
  }
  const nameText = text(nx, 28, shorten(ctx.name(p), 18), { "font-size": 17, "font-weight": 700, fill: INK, class: "attika-name" });
  g.append(nameText);
  const tagX = nx + Math.min(18, ctx.name(p).length) * 9.4 + 10;
  if (mine) {
    g.append(svg("g", { class: "attika-you" }, [
      svg("rect", { x: tagX, y: 13, width: 38, height: 19, rx: 9.5, fill: colour }),
      text(tagX + 19, 26.5, "YOU", { "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: inkOn(colour), "letter-spacing": "0.06em" }),
    ]));
  }

  // Hand.
  const hy = 42;
  const hand = player.hand;
  if (hand) {
    const payIdx = (t) => ctx.matching((a) => a.kind === "pay" && a.card === t);
    const cards = svg("g", { class: "attika-hand", "data-count": player.hand_size });
    LANDSCAPES.forEach((t, i) => {
      const n = hand[t] || 0;
      const card = svg("g", { class: "attika-card", "data-card": t, "data-count": n }, [landscapeCard(26 + i * 44, hy, 38, 54, t, n)]);
      const idx = payIdx(t);
      if (idx.length) card.append(cueRect(26 + i * 44 - 3, hy - 3, 44, 60));
      if (!idx.length) card.append(svg("title", {}, [`${n} ${LAND[t].name} card${n === 1 ? "" : "s"}`]));
      cards.append(target(card, idx, ctx.ui, idx.length ? ctx.labels(idx) : undefined));
    });
    g.append(cards);
  } else {
    const n = player.hand_size || 0;
    const fan = svg("g", { class: "attika-hand-back", "data-count": n });
    const shown = Math.min(n, 6);
    for (let i = 0; i < shown; i++) fan.append(cardBack(30 + i * 11, hy + 2, 36, 50));
    if (!n) fan.append(svg("rect", { x: 30, y: hy + 2, width: 36, height: 50, rx: 3.5, fill: "none", stroke: "#b9a783", "stroke-dasharray": "3 2" }));
    fan.append(text(30 + Math.max(shown - 1, 0) * 11 + 46, hy + 32, plural(n, "card"), { "font-size": 14, "font-weight": 600, fill: INK }));
    fan.append(svg("title", {}, [`${ctx.name(p)} holds ${plural(n, "landscape card")}`]));
    g.append(fan);
  }

  // Amphorae: clicking them returns one (an extra action now, or a card in phase B).
  const amph = player.amphorae || 0;
  const ampIdx = mine ? ctx.matching((a) => a.kind === "amphora") : [];
  const ax = 214;
  const amphorae = svg("g", { class: "attika-amphorae", "data-count": amph }, [
    svg("rect", { x: ax - 6, y: hy, width: 70, height: 54, rx: 8, fill: amph ? "#fbeee2" : "none", stroke: amph ? "#e2c2a8" : "#e4dac6" }),
    amphoraIcon(ax + 16, hy + 24, 17, !amph),
    text(ax + 36, hy + 31, `×${amph}`, { "font-size": 16, "font-weight": 700, fill: amph ? INK : MUTED }),
    text(ax + 29, hy + 50, "AMPHORAE", { "text-anchor": "middle", "font-size": 8, fill: MUTED, "letter-spacing": "0.08em" }),
  ]);
  if (ampIdx.length) amphorae.append(cueRect(ax - 6, hy, 70, 54, 8));
  if (!ampIdx.length) amphorae.append(svg("title", {}, [`${plural(amph, "amphora", "amphorae")}`]));
  g.append(target(amphorae, ampIdx, ctx.ui, ampIdx.length ? ctx.labels(ampIdx) : undefined));

  // Stacks (main, 1, 2, 3): clicking one draws its top building.
  const sy = 140;
  const stacks = player.stacks || [];
  stacks.forEach((height, k) => {
    const x = 46 + k * 50;
    let idx = mine ? ctx.matching((a) => a.kind === "draw" && a.stack === k) : [];
    let sameAs = null;
    if (mine && !idx.length && k > 0 && height > 0) {
      // The other stacks are shuffled from one pool: the rules engine offers one draw for stacks of equal height.
      const alike = ctx.model.legal.find((a) => a.action && a.action.kind === "draw" && a.action.stack > 0 && stacks[a.action.stack] === height);
      if (alike) {
        idx = [alike.index];
        sameAs = alike.action.stack;
      }
    }
    const node = svg("g", { class: "attika-stack", "data-stack": k, "data-height": height, "data-same-as": sameAs }, [
      buildingStack(x, sy, height, k === 0),
      text(x, sy - Math.min(height, 8) * 3 + 4.5, String(height), {
        "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: k === 0 && height ? "#f3e6c4" : height ? INK : MUTED,
      }),
      text(x, sy + 24, k === 0 ? "MAIN" : `STACK ${k}`, { "text-anchor": "middle", "font-size": 8.5, fill: MUTED, "letter-spacing": "0.06em" }),
    ]);
    if (idx.length) node.insertBefore(cueRect(x - 23, sy - 36, 46, 70, 8), node.firstChild);
    if (!idx.length) node.append(svg("title", {}, [`${stackName(k)[0].toUpperCase()}${stackName(k).slice(1)}: ${plural(height, "building")}`]));
    g.append(target(node, idx, ctx.ui, idx.length ? ctx.labels(idx) : undefined));
  });

  // The building in hand: drawn (face up only to its owner until played) or taken from storage.
  const pending = v.pending && v.pending.player === p ? v.pending : null;
  if (pending && !pending.space) {
    const px = 250;
    const node = svg("g", { class: "attika-in-hand", "data-building": pending.building || "" });
    node.append(svg("circle", { cx: px, cy: sy - 8, r: 24, fill: "none", stroke: GOLD, "stroke-width": 2.2, "stroke-dasharray": "4 2.5", class: "attika-pulse" }));
    if (pending.building) {
      node.append(buildingDisc(px, sy - 8, 19, colour, ctx.building(pending.building)));
    } else {
      node.append(buildingBack(px, sy - 8, 19, pending.from_stack === 0));
    }
    node.append(text(px, sy + 24, pending.from_stack === null || pending.from_stack === undefined ? "BUILDING" : "DRAWN", {
      "text-anchor": "middle", "font-size": 8.5, fill: GOLD, "font-weight": 700, "letter-spacing": "0.06em",
    }));
    const what = pending.building ? `the ${ctx.building(pending.building).name}` : `a building from ${stackName(pending.from_stack)}`;
    node.append(svg("title", {}, [`In hand: ${what}`]));
    g.append(node);
  }

  // Progress: buildings on the map, settlements.
  const placed = player.placed || 0;
  const bx = 300;
  const bw = width - bx - 16;
  const progress = svg("g", { class: "attika-progress", "data-placed": placed }, [
    svg("text", { x: bx, y: 27, fill: MUTED, "font-size": 12.5 }, [
      svg("tspan", { "font-size": 17, "font-weight": 700, fill: INK, class: "attika-placed" }, [String(placed)]),
      ` / ${TOTAL} built`,
    ]),
    svg("rect", { x: bx + 88, y: 16, width: bw - 220, height: 10, rx: 5, fill: "#ece3cf" }),
    svg("rect", { x: bx + 88, y: 16, width: ((bw - 220) * Math.min(placed, TOTAL)) / TOTAL, height: 10, rx: 5, fill: colour }),
    text(width - 16, 27, `${plural(player.settlements || 0, "settlement")}`, { "text-anchor": "end", "font-size": 12.5, fill: MUTED, class: "attika-settlements" }),
  ]);
  g.append(progress);

  g.append(storageBoard(ctx, player, built, bx, 34, width - bx - 12));
  return g;
}

export function drawPlayers(ctx, width) {
  const built = builtCounts(ctx);
  const n = ctx.players.length;
  const order = [];
  const first = ctx.seat !== null && ctx.seat >= 0 && ctx.seat < n ? ctx.seat : 0;
  for (let i = 0; i < n; i++) order.push((first + i) % n);
  const g = svg("g", { class: "attika-players" });
  order.forEach((p, i) => {
    const panel = drawPlayer(ctx, ctx.players[p], width, built[p] || new Map());
    panel.setAttribute("transform", `translate(0 ${i * PANEL_HEIGHT})`);
    g.append(panel);
  });
  return { node: g, height: n * PANEL_HEIGHT };
}

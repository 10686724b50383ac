// The growing hex map: board tiles (their outlines and landscape symbols), shrines, every player's buildings,
// the building being paid for, and the choices on it: spaces to build on, where to lay a new board tile and
// how it would lie once turned.
import { svg, text, target } from "../../js/svg.js";
import { unit, hexPoints, edge, footprint, rotated, key, DIRECTIONS, SQRT3 } from "./geometry.js";
import { LAND, BLANK_TINT, ACCENT, GOLD, INK, landscapeIcon, templeIcon, buildingDisc } from "./art.js";

const MAX_SIZE = 44;
const PAD = 18;

function bounds(hexes) {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const [q, r] of hexes) {
    const [x, y] = unit(q, r);
    minX = Math.min(minX, x - SQRT3 / 2);
    maxX = Math.max(maxX, x + SQRT3 / 2);
    minY = Math.min(minY, y - 1);
    maxY = Math.max(maxY, y + 1);
  }
  if (minX === Infinity) return { minX: -1, maxX: 1, minY: -1, maxY: 1 };
  return { minX, maxX, minY, maxY };
}

// Short cost text out of a placement label ("... : pay MM + 1 any (new settlement), saves H" -> MM, 1).
export function placementCost(label) {
  const after = label.includes(": ") ? label.slice(label.indexOf(": ") + 2) : "";
  if (/^free/.test(after)) return { free: true, symbols: "", any: 0 };
  if (/^nothing to pay/.test(after)) return { free: false, symbols: "", any: 0, known: true };
  const pay = after.match(/^pay ([^,(]*)/);
  if (!pay) return null;
  const symbols = (pay[1].match(/(^|\s)([WMFH]+)(?=\s|$)/) || [])[2] || "";
  let any = 0;
  for (const m of after.matchAll(/(\d+) any/g)) any += parseInt(m[1], 10);
  return { free: false, symbols, any, known: true };
}

function costBadge(cx, cy, size, cost) {
  if (!cost) return null;
  const h = size * 0.42;
  const font = (size * 0.3).toFixed(1);
  if (cost.free) {
    const w = size * 0.92;
    return svg("g", { class: "attika-cost", "pointer-events": "none" }, [
      svg("rect", { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: h / 2, fill: GOLD, stroke: "#8a5a00", "stroke-width": 0.8 }),
      text(cx, cy + h * 0.28, "free", { "text-anchor": "middle", "font-size": font, "font-weight": 700, fill: "#3b2600" }),
    ]);
  }
  const pips = cost.symbols.split("").filter(Boolean);
  const pip = size * 0.11;
  const anyText = cost.any ? `${pips.length ? "+" : ""}${cost.any}` : pips.length ? "" : "0";
  const textW = anyText.length * size * 0.19;
  const w = pips.length * pip * 2.6 + textW + size * 0.2;
  const x0 = cx - w / 2;
  const parts = [svg("rect", { x: x0, y: cy - h / 2, width: w, height: h, rx: h / 2, fill: "#fffdf7", stroke: ACCENT, "stroke-width": 0.9 })];
  pips.forEach((l, i) => parts.push(svg("circle", {
    cx: x0 + size * 0.1 + pip * 1.3 + i * pip * 2.6, cy, r: pip, fill: LAND[l].card, stroke: "rgba(0,0,0,0.35)", "stroke-width": 0.6,
  })));
  if (anyText) {
    parts.push(text(x0 + size * 0.1 + pips.length * pip * 2.6 + textW / 2, cy + h * 0.28, anyText, {
      "text-anchor": "middle", "font-size": font, "font-weight": 700, fill: INK,
    }));
  }
  return svg("g", { class: "attika-cost", "pointer-events": "none" }, parts);
}

// A board tile drawn translucent at a centre (the tile being laid), its symbols turned k x 60°.
function ghostTile(symbols, q, r, k, px, size, extra = {}) {
  const turned = symbols ? rotated(symbols, k) : new Array(7).fill(null);
  const parts = footprint(q, r).map(([hq, hr], i) => {
    const [x, y] = px(hq, hr);
    const sym = turned[i];
    return svg("g", {}, [
      svg("polygon", {
        points: hexPoints(x, y, size * 0.97), fill: sym ? LAND[sym].tint : BLANK_TINT, "fill-opacity": 0.9,
        stroke: GOLD, "stroke-width": 1.6, "stroke-dasharray": "5 3",
      }),
      sym ? landscapeIcon(sym, x, y, size * 0.36) : null,
    ]);
  });
  return svg("g", { class: "attika-ghost-tile", "pointer-events": "none", ...extra }, parts);
}

export function drawMap(ctx, width, maxHeight) {
  const { view } = ctx;
  const board = view.board || { spaces: [], shrines: [], tiles: [] };
  const spaces = board.spaces || [];
  const shrines = board.shrines || [];
  const placeIdx = ctx.matching((a) => a.kind === "place");
  const tileIdx = ctx.matching((a) => a.kind === "tile");
  const symbols = view.tile_to_lay_symbols || null;
  const tileCentre = view.tile_centre || null;

  // Everything that must fit: the board, the shrines, and the tile being laid where it could go.
  const hexes = [...spaces.map((s) => [s.q, s.r]), ...shrines.map((s) => [s.q, s.r])];
  const tileOptions = [];
  for (const i of tileIdx) {
    const a = ctx.model.legal.find((l) => l.index === i).action;
    tileOptions.push({ q: a.q, r: a.r, index: i });
    hexes.push(...footprint(a.q, a.r));
  }
  if (tileCentre) hexes.push(...footprint(tileCentre.q, tileCentre.r));
  const b = bounds(hexes);
  const size = Math.min(MAX_SIZE, (width - 2 * PAD) / (b.maxX - b.minX), (maxHeight - 2 * PAD) / (b.maxY - b.minY));
  const height = (b.maxY - b.minY) * size + 2 * PAD;
  const offX = (width - (b.maxX - b.minX) * size) / 2 - b.minX * size;
  const offY = PAD - b.minY * size;
  const px = (q, r) => {
    const [x, y] = unit(q, r);
    return [x * size + offX, y * size + offY];
  };

  const root = svg("g", { class: "attika-map", "data-hex-size": size.toFixed(2) });
  const defs = svg("defs", {}, [
    svg("linearGradient", { id: "attika-sea", x1: 0, y1: 0, x2: 0, y2: 1 }, [
      svg("stop", { offset: "0%", "stop-color": "#9cc3cf" }),
      svg("stop", { offset: "100%", "stop-color": "#7fa9b8" }),
    ]),
    svg("pattern", { id: "attika-waves", width: 36, height: 18, patternUnits: "userSpaceOnUse" }, [
      svg("path", { d: "M 0 9 q 9 -6 18 0 t 18 0", fill: "none", stroke: "rgba(255,255,255,0.16)", "stroke-width": 1.2 }),
    ]),
  ]);
  root.append(defs);
  root.append(svg("rect", { x: 0, y: 0, width, height, rx: 10, fill: "url(#attika-sea)" }));
  root.append(svg("rect", { x: 0, y: 0, width, height, rx: 10, fill: "url(#attika-waves)" }));

  // Which tile each hex belongs to, for the tiles' outlines.
  const tileOf = new Map();
  (board.tiles || []).forEach((t, i) => footprint(t.q, t.r).forEach(([q, r]) => tileOf.set(key(q, r), i)));

  const ground = svg("g", { class: "attika-ground" });
  const outlines = svg("g", { class: "attika-outlines", "pointer-events": "none" });
  const pieces = svg("g", { class: "attika-buildings" });
  const choices = svg("g", { class: "attika-choices" });
  // Every space's name as the choices and the log write it ("Build the Ship on 3,0"), small at its top.
  const names = svg("g", { class: "attika-coords", "pointer-events": "none", "aria-hidden": "true" });
  root.append(ground, outlines, pieces, names, choices);
  const coordFont = Math.max(7, size * 0.26);
  const coord = (q, r, x, y) => names.append(text(x, y - size * 0.56, `${q},${r}`, {
    class: "attika-coord", "data-q": q, "data-r": r, "text-anchor": "middle", "font-size": coordFont.toFixed(1),
    "font-weight": 600, fill: "#4a3a1c", stroke: "rgba(255,250,235,0.85)", "stroke-width": Math.max(1.5, size * 0.06),
    "paint-order": "stroke", "dominant-baseline": "middle",
  }));

  // A soft shadow under the whole land mass.
  const shadow = svg("g", { "pointer-events": "none", opacity: 0.22 });
  for (const s of spaces) {
    const [x, y] = px(s.q, s.r);
    shadow.append(svg("polygon", { points: hexPoints(x + 2, y + 3, size * 1.02), fill: "#1b3a45" }));
  }
  ground.append(shadow);

  for (const s of spaces) {
    const [x, y] = px(s.q, s.r);
    const sym = s.symbol || null;
    const built = s.owner !== undefined && s.owner !== null;
    const where = `${s.q},${s.r}`;
    const title = sym ? `${where}: ${LAND[sym].name}` : `${where}: blank`;
    const g = svg("g", { class: "attika-space", "data-q": s.q, "data-r": s.r, "data-symbol": sym || "" }, [
      svg("polygon", { points: hexPoints(x, y, size), fill: sym ? LAND[sym].tint : BLANK_TINT, stroke: "#c9b78f", "stroke-width": 0.9 }),
      svg("polygon", { points: hexPoints(x, y, size * 0.9), fill: "none", stroke: "rgba(255,255,255,0.45)", "stroke-width": 1 }),
      sym && !built ? landscapeIcon(sym, x, y, size * 0.4) : null,
      svg("title", {}, [title]),
    ]);
    ground.append(g);
    coord(s.q, s.r, x, y);
    for (let d = 0; d < 6; d++) {
      const [dq, dr] = DIRECTIONS[d];
      const other = tileOf.get(key(s.q + dq, s.r + dr));
      if (other !== undefined && other === tileOf.get(key(s.q, s.r))) continue;
      const [[x1, y1], [x2, y2]] = edge(x, y, size, d);
      outlines.append(svg("line", { x1, y1, x2, y2, stroke: "#7b6a48", "stroke-width": 2.2, "stroke-linecap": "round" }));
    }
  }

  shrines.forEach((s, i) => {
    const [x, y] = px(s.q, s.r);
    ground.append(svg("g", { class: "attika-shrine", "data-q": s.q, "data-r": s.r }, [
      svg("polygon", { points: hexPoints(x + 2, y + 3, size * 1.02), fill: "#1b3a45", opacity: 0.25 }),
      svg("polygon", { points: hexPoints(x, y, size), fill: "#17130f", stroke: GOLD, "stroke-width": 2 }),
      svg("polygon", { points: hexPoints(x, y, size * 0.84), fill: "none", stroke: "rgba(224,165,38,0.45)", "stroke-width": 1 }),
      templeIcon(x, y - size * 0.04, size * 0.5),
      svg("title", {}, [`Shrine ${i + 1} (${s.q},${s.r})`]),
    ]));
    coord(s.q, s.r, x, y);
  });

  // Buildings on the map, in their owners' colours.
  for (const s of spaces) {
    if (s.owner === undefined || s.owner === null) continue;
    const [x, y] = px(s.q, s.r);
    const building = ctx.building(s.building);
    const disc = buildingDisc(x, y, size * 0.74, ctx.colour(s.owner), building, {
      class: "attika-building", "data-owner": s.owner, "data-building": s.building, "data-q": s.q, "data-r": s.r,
    });
    disc.append(svg("title", {}, [`${ctx.name(s.owner)}: ${building.name} (${s.q},${s.r})`]));
    pieces.append(disc);
  }

  // The building being paid for sits on its space, not yet built.
  const pending = view.pending;
  if (pending && pending.space && pending.building) {
    const [x, y] = px(pending.space.q, pending.space.r);
    const building = ctx.building(pending.building);
    const g = svg("g", { class: "attika-pending-building", opacity: 0.8, "data-q": pending.space.q, "data-r": pending.space.r }, [
      svg("circle", { cx: x, cy: y, r: size * 0.86, fill: "none", stroke: GOLD, "stroke-width": 2.5, "stroke-dasharray": "5 3", class: "attika-pulse" }),
      buildingDisc(x, y, size * 0.74, ctx.colour(pending.player), building),
      svg("title", {}, [`${ctx.name(pending.player)} is paying for the ${building.name} here`]),
    ]);
    pieces.append(g);
  }

  // Spaces the viewer may build on now.
  const byHex = new Map();
  for (const i of placeIdx) {
    const a = ctx.model.legal.find((l) => l.index === i).action;
    const k = key(a.q, a.r);
    if (!byHex.has(k)) byHex.set(k, { q: a.q, r: a.r, indices: [] });
    byHex.get(k).indices.push(i);
  }
  const pendingBuilding = pending && pending.building ? ctx.building(pending.building) : null;
  for (const { q, r, indices } of byHex.values()) {
    const [x, y] = px(q, r);
    const cost = indices.length === 1 ? placementCost(ctx.label(indices[0])) : null;
    const g = svg("g", { class: "attika-place", "data-q": q, "data-r": r }, [
      svg("polygon", { points: hexPoints(x, y, size), fill: "rgba(255,255,255,0.01)" }),
      svg("polygon", { points: hexPoints(x, y, size * 0.84), fill: "rgba(255,255,255,0.25)", stroke: "#fff", "stroke-width": Math.max(3.5, size * 0.13), "stroke-opacity": 0.7 }),
      svg("polygon", { points: hexPoints(x, y, size * 0.84), fill: "none", stroke: ACCENT, "stroke-width": Math.max(2, size * 0.07), class: "attika-pulse" }),
      pendingBuilding
        ? svg("g", { class: "attika-hover-ghost", opacity: 0 }, [buildingDisc(x, y, size * 0.7, ctx.colour(ctx.seat ?? 0), pendingBuilding)])
        : null,
      costBadge(x, y + size * 0.42, size, cost),
    ]);
    choices.append(target(g, indices, ctx.ui, ctx.labels(indices)));
  }

  // Where the new board tile may be laid: its centre hexes; hovering shows the tile there.
  const hover = svg("g", { class: "attika-tile-hover", "pointer-events": "none" });
  for (const opt of tileOptions) {
    const [x, y] = px(opt.q, opt.r);
    const g = svg("g", { class: "attika-tile-spot", "data-q": opt.q, "data-r": opt.r }, [
      svg("polygon", { points: hexPoints(x, y, size * 0.94), fill: "rgba(255,250,235,0.35)", stroke: "#fff8e1", "stroke-width": 1.6, "stroke-dasharray": "4 3" }),
      svg("circle", { cx: x, cy: y, r: size * 0.2, fill: GOLD, stroke: "#8a5a00", "stroke-width": 1 }),
    ]);
    coord(opt.q, opt.r, x, y);
    g.addEventListener("mouseenter", () => hover.replaceChildren(ghostTile(symbols, opt.q, opt.r, 0, px, size)));
    g.addEventListener("mouseleave", () => hover.replaceChildren());
    choices.append(target(g, [opt.index], ctx.ui, ctx.label(opt.index)));
  }
  choices.append(hover);

  // The new tile on its chosen centre, while its turn is chosen (rotation 0 until a turn is pointed at).
  let setGhostRotation = null;
  if (tileCentre) {
    const layer = svg("g", { class: "attika-turning" });
    const draw = (k) => layer.replaceChildren(ghostTile(symbols, tileCentre.q, tileCentre.r, k, px, size, { "data-rotation": k }));
    draw(0);
    choices.append(layer);
    setGhostRotation = draw;
  }

  return { node: root, height, setGhostRotation, size };
}

// The map of Hellas (Delonge): tiles, cities with their Greeks and ships, temples, the sites a tile may be laid
// on, the declared voyage and attack, and the clickable cities and chips for the legal actions.
import { svg, text, target } from "../../js/svg.js";
import { SQ3, corner, hexPoints, pixel, rotated, tileShape, towards } from "./hex.js";
import { city, greek, ship, temple } from "./pieces.js";

const SHIP_DIRECTIONS = [0, 3, 5, 4, 1, 2]; // E, W, NE, NW, SE, SW: the bottom is kept for the action chips
const CITY_KINDS = new Set(["attack", "pay", "settle", "forced", "retreat", "levy", "launch"]);
const CITY_VERBS = {
  attack: "Attack", pay: "Pay the voyage from", settle: "Take the settler from", forced: "Force-march from",
  retreat: "Withdraw to", levy: "Levy a Greek into", launch: "Launch a ship at",
};

export function mapBounds(points, box) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [q, r] of points) {
    const [x, y] = pixel(q, r, 1);
    x0 = Math.min(x0, x - SQ3 / 2); x1 = Math.max(x1, x + SQ3 / 2);
    y0 = Math.min(y0, y - 1); y1 = Math.max(y1, y + 1);
  }
  const size = Math.min((box.w - 24) / (x1 - x0), (box.h - 24) / (y1 - y0), 86);
  const ox = box.x + box.w / 2 - size * (x0 + x1) / 2;
  const oy = box.y + box.h / 2 - size * (y0 + y1) / 2;
  return { size, at: (q, r) => { const [x, y] = pixel(q, r, size); return [ox + x, oy + y]; } };
}

export function drawMap(root, ctx) {
  const { model, view, box, ui } = ctx;
  const tiles = view.map ?? [];
  const legal = model.legal ?? [];
  const sites = legal.filter((l) => l.action.kind === "at");
  const points = tiles.map((t) => [t.q, t.r]);
  for (const l of sites) points.push([l.action.q, l.action.r]);
  if (view.site) points.push(view.site);
  if (view.voyage?.site) points.push(view.voyage.site);
  const top = box.top ?? 0;
  const geo = mapBounds(points.length ? points : [[0, 0]], { x: box.x, y: box.y + top, w: box.w, h: box.h - top });
  const R = geo.size;
  ctx.geo = geo;
  const defs = root.querySelector("defs");
  defs.append(svg("clipPath", { id: "hd-hexclip" }, [svg("polygon", { points: hexPoints(R) })]));

  const layer = {
    shadow: svg("g", { class: "hd-shadows" }),
    tiles: svg("g", { class: "hd-tiles" }),
    sites: svg("g", { class: "hd-sites" }),
    marks: svg("g", { class: "hd-marks" }),
    pieces: svg("g", { class: "hd-pieces" }),
    targets: svg("g", { class: "hd-city-targets" }),
    chips: svg("g", { class: "hd-chips" }),
  };
  root.append(svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 10, fill: "url(#hd-parchment)", stroke: "#cdbd98" }));
  root.append(...Object.values(layer));
  const centre = new Map();
  for (const t of tiles) centre.set(t.city, geo.at(t.q, t.r));

  for (const t of tiles) {
    const [x, y] = centre.get(t.city);
    layer.shadow.append(svg("polygon", { points: hexPoints(R), transform: `translate(${(x + R * 0.04).toFixed(2)},${(y + R * 0.07).toFixed(2)})`, fill: "#5b4a2c", opacity: 0.22 }));
    const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, "data-city": t.city, "data-q": t.q, "data-r": t.r });
    g.append(tileShape(t, R, "hd-hexclip"));
    layer.tiles.append(g);
    if (t.city !== 0) drawCity(layer.pieces, t, x, y, R, ctx);
  }

  // Where a tile may be laid, where it is being turned, where a voyage was declared.
  for (const l of sites) {
    const [x, y] = geo.at(l.action.q, l.action.r);
    const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-site", "data-action": "at", "data-q": l.action.q, "data-r": l.action.r });
    g.append(svg("polygon", { points: hexPoints(R * 0.94), fill: "#fff8dc", "fill-opacity": 0.55, stroke: "#c9a227", "stroke-width": 2.2, "stroke-dasharray": "7 5" }));
    g.append(text(0, 6, "+", { "text-anchor": "middle", "font-size": R * 0.5, fill: "#9a7a16", "font-weight": 700 }));
    g.append(text(0, R * 0.5, `${l.action.q},${l.action.r}`, { "text-anchor": "middle", "font-size": Math.max(10, R * 0.2), fill: "#7a6220" }));
    layer.sites.append(target(g, [l.index], ui, l.label));
  }
  if (view.site) {
    const [x, y] = geo.at(view.site[0], view.site[1]);
    layer.sites.append(svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-site-chosen" }, [
      svg("polygon", { points: hexPoints(R * 0.94), fill: "#fff3c4", "fill-opacity": 0.8, stroke: "#c9a227", "stroke-width": 3 }),
      text(0, 5, "turn the tile", { "text-anchor": "middle", "font-size": Math.max(10, R * 0.2), fill: "#7a6220", "font-weight": 600 }),
    ]));
  }
  const voyage = view.voyage;
  if (voyage?.site && voyage.tile) {
    const [x, y] = geo.at(voyage.site[0], voyage.site[1]);
    const info = view.tile_info?.[voyage.tile];
    const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-declared", opacity: 0.8 });
    g.append(tileShape({ tile: voyage.tile, edges: info ? rotated(info.edges, voyage.rotation ?? 0) : null, bridge: info?.bridge }, R, "hd-hexclip"));
    if (info?.temple) g.append(temple(-R * 0.3, -R * 0.2, R * 0.34));
    g.append(svg("polygon", { points: hexPoints(R * 0.96), fill: "none", stroke: ctx.colour(view.active), "stroke-width": 3, "stroke-dasharray": "8 5" }));
    g.append(text(0, R * 0.45, "voyage", { "text-anchor": "middle", "font-size": Math.max(10, R * 0.22), fill: "#1d3557", "font-weight": 700 }));
    layer.sites.append(g);
  }

  drawAttack(layer.marks, ctx, centre, R);
  if (voyage?.new_city != null && centre.has(voyage.new_city)) ring(layer.marks, centre.get(voyage.new_city), R, "#c9a227", "new city");
  if (view.regroup?.into != null && centre.has(view.regroup.into)) ring(layer.marks, centre.get(view.regroup.into), R, "#c9a227", "pieces may move here");

  drawCityTargets(layer, ctx, tiles, centre, R);
  if (view.game_over) gameOver(root, ctx);
}

function ring(layerG, [x, y], R, colour, title) {
  layerG.append(svg("polygon", { points: hexPoints(R * 0.9), transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, fill: "none", stroke: colour, "stroke-width": 4, "stroke-opacity": 0.9 }, [svg("title", {}, [title])]));
}

function drawCity(layerG, t, x, y, R, ctx) {
  const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-city-pieces", "data-city": t.city, "data-owner": t.owner ?? "" });
  const owner = t.owner;
  const colour = owner == null ? "#8a8a8a" : ctx.colour(owner);
  if (t.temple) {
    g.append(temple(-R * 0.27, -R * 0.16, R * 0.36));
    g.append(city(R * 0.14, -R * 0.2, R * 0.4));
  } else {
    g.append(city(0, -R * 0.2, R * 0.44));
  }
  const n = t.greeks ?? 0;
  const gap = R * 0.23;
  for (let i = 0; i < n; i++) {
    g.append(greek((i - (n - 1) / 2) * gap, R * 0.32, R * 0.42, colour, { "data-owner": owner ?? "" }));
  }
  const edges = t.edges ?? "SSSSSS";
  const seaDirs = SHIP_DIRECTIONS.filter((d) => edges[d] === "S");
  const dirs = seaDirs.length ? seaDirs : SHIP_DIRECTIONS;
  for (let i = 0; i < (t.ships ?? 0); i++) {
    const d = dirs[i % dirs.length];
    const [sx, sy] = towards(d, R * 0.66);
    const nudge = i >= dirs.length ? R * 0.12 : 0;
    g.append(ship(sx, sy + nudge - R * 0.04, R * 0.38, colour, { "data-owner": owner ?? "" }));
  }
  // The city's number, in its owner's colour.
  const badge = svg("g", { transform: `translate(0,${(-R * 0.66).toFixed(2)})`, class: "hd-city-number" });
  badge.append(svg("circle", { r: R * 0.15, fill: colour, stroke: "#fff", "stroke-width": 1.4 }));
  badge.append(text(0, R * 0.055, t.city, { "text-anchor": "middle", "font-size": R * 0.17, "font-weight": 700, fill: "#fff" }));
  g.append(badge);
  const who = owner == null ? "no one" : ctx.name(owner);
  g.append(svg("title", {}, [`City ${t.city} (${t.q},${t.r}): ${who}, ${n} Greek${n === 1 ? "" : "s"}, ${t.ships} ship${t.ships === 1 ? "" : "s"}${t.temple ? ", temple" : ""}`]));
  layerG.append(g);
}

function drawAttack(layerG, ctx, centre, R) {
  const attack = ctx.view.attack;
  if (!attack || !centre.has(attack.target)) return;
  const colour = ctx.colour(ctx.view.active);
  const [tx, ty] = centre.get(attack.target);
  for (const source of attack.sources ?? []) {
    if (!centre.has(source.city)) continue;
    const [sx, sy] = centre.get(source.city);
    const len = Math.hypot(tx - sx, ty - sy) || 1;
    const [ux, uy] = [(tx - sx) / len, (ty - sy) / len];
    const [ax, ay] = [sx + ux * R * 0.3, sy + uy * R * 0.3];
    const [bx, by] = [tx - ux * R * 0.42, ty - uy * R * 0.42];
    const pending = source.greeks == null;
    const g = svg("g", { class: "hd-attack-arrow", "data-source": source.city });
    g.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "#fff", "stroke-width": R * 0.16, "stroke-linecap": "round", opacity: 0.7 }));
    g.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: colour, "stroke-width": R * 0.09, "stroke-linecap": "round", "stroke-dasharray": pending ? `${R * 0.12} ${R * 0.12}` : null, "marker-end": "url(#hd-arrowhead)" }));
    const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
    g.append(svg("circle", { cx: mx, cy: my, r: R * 0.17, fill: "#fff", stroke: colour, "stroke-width": 2 }));
    g.append(text(mx, my + R * 0.065, pending ? "?" : source.greeks, { "text-anchor": "middle", "font-size": R * 0.19, "font-weight": 700, fill: colour }));
    g.append(svg("title", {}, [pending ? `City ${source.city}: Greeks still to be sent` : `${source.greeks} Greek${source.greeks === 1 ? "" : "s"} from city ${source.city}`]));
    layerG.append(g);
  }
  const asked = (attack.sources ?? []).find((s) => s.greeks == null);
  if (asked && centre.has(asked.city) && (ctx.model.legal ?? []).some((l) => l.action.kind === "commit")) {
    ring(layerG, centre.get(asked.city), R, "#c9a227", `Greeks to send from city ${asked.city}`);
  }
  const g = svg("g", { transform: `translate(${tx.toFixed(2)},${ty.toFixed(2)})`, class: "hd-attack-target" });
  g.append(svg("polygon", { points: hexPoints(R * 0.9), fill: "none", stroke: "#b3261e", "stroke-width": 4 }));
  for (let i = 0; i < 6; i++) {
    const [cx, cy] = corner(i, R * 0.9);
    g.append(svg("circle", { cx, cy, r: 3, fill: "#b3261e" }));
  }
  g.append(svg("title", {}, [`Under attack: city ${attack.target}`]));
  layerG.append(g);
}

function chip(x, y, R, icon, label, indices, ui, kind, cityNo) {
  const w = R * 0.52;
  const h = R * 0.34;
  const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-chip", "data-action": kind, "data-city": cityNo });
  g.append(svg("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: h / 2, fill: "#fffaf0", stroke: "#c9a227", "stroke-width": 2.2 }));
  g.append(text(-w / 2 + R * 0.12, R * 0.075, "+", { "text-anchor": "middle", "font-size": R * 0.26, "font-weight": 800, fill: "#7a6220" }));
  g.append(icon);
  return target(g, indices, ui, label);
}

function drawCityTargets(layer, ctx, tiles, centre, R) {
  const { model, ui, view } = ctx;
  const legal = model.legal ?? [];
  const byCity = new Map();
  for (const l of legal) {
    if (CITY_KINDS.has(l.action.kind)) {
      if (!byCity.has(l.action.city)) byCity.set(l.action.city, []);
      byCity.get(l.action.city).push(l);
    }
  }
  for (const [cityNo, actions] of byCity) {
    if (!centre.has(cityNo)) continue;
    const [x, y] = centre.get(cityNo);
    const kinds = [...new Set(actions.map((l) => l.action.kind))];
    const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-city-target", "data-action": kinds.join(" "), "data-city": cityNo });
    g.append(svg("polygon", { points: hexPoints(R * 0.97), fill: "#fff", "fill-opacity": 0.01, stroke: kinds.includes("attack") ? "#b3261e" : "#c9a227", "stroke-width": 3, "stroke-dasharray": "10 6" }));
    const title = actions.length === 1 ? actions[0].label : `${CITY_VERBS[kinds[0]] ?? kinds[0]} city ${cityNo}: ${actions.length} ways`;
    layer.targets.append(target(g, actions.map((l) => l.index), ui, title));
  }

  // Burst of Strength: a Greek or a ship into a city, as two chips on the city.
  const owner = view.active;
  const colour = ctx.colour(owner);
  for (const t of tiles) {
    if (!centre.has(t.city)) continue;
    const [x, y] = centre.get(t.city);
    const recruit = legal.filter((l) => l.action.kind === "recruit" && l.action.city === t.city);
    const build = legal.filter((l) => l.action.kind === "build" && l.action.city === t.city);
    if (recruit.length) layer.chips.append(chip(x - R * 0.28, y + R * 0.6, R, greek(R * 0.08, R * 0.13, R * 0.27, colour), recruit[0].label, recruit.map((l) => l.index), ui, "recruit", t.city));
    if (build.length) layer.chips.append(chip(x + R * 0.28, y + R * 0.6, R, ship(R * 0.08, R * 0.01, R * 0.27, colour), build[0].label, build.map((l) => l.index), ui, "build", t.city));
  }

  // Regrouping: pick the city to move from, then a chip on the city to move to.
  const moves = legal.filter((l) => l.action.kind === "march" || l.action.kind === "sail");
  if (!moves.length) return;
  const sources = [...new Set(moves.map((l) => l.action.source))];
  let from = Number(ctx.container.dataset.hdFrom);
  if (!sources.includes(from)) from = sources.length === 1 ? sources[0] : NaN;
  ctx.selected = Number.isNaN(from) ? null : from;
  for (const s of sources) {
    if (!centre.has(s)) continue;
    const [x, y] = centre.get(s);
    const on = s === from;
    const g = svg("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`, class: "hd-select", "data-city": s, "data-selected": on ? "yes" : "no", role: "button", tabindex: 0 });
    g.append(svg("polygon", { points: hexPoints(R * 0.95), fill: on ? "#ffe9a8" : "#fff", "fill-opacity": on ? 0.35 : 0.01, stroke: "#c9a227", "stroke-width": on ? 5 : 3, "stroke-dasharray": on ? null : "10 6" }));
    g.append(svg("title", {}, [on ? `Moving from city ${s} (click again to drop)` : `Move pieces from city ${s}`]));
    const pick = () => {
      if (on) delete ctx.container.dataset.hdFrom;
      else ctx.container.dataset.hdFrom = String(s);
      ctx.rerender();
    };
    g.addEventListener("click", pick);
    g.addEventListener("keydown", (event) => { if (event.key === "Enter") pick(); });
    layer.targets.append(g);
  }
  if (ctx.selected == null) return;
  for (const t of tiles) {
    if (!centre.has(t.city) || t.city === from) continue;
    const [x, y] = centre.get(t.city);
    const march = moves.filter((l) => l.action.kind === "march" && l.action.source === from && l.action.city === t.city);
    const sail = moves.filter((l) => l.action.kind === "sail" && l.action.source === from && l.action.city === t.city);
    if (march.length) layer.chips.append(chip(x - R * 0.28, y + R * 0.6, R, greek(R * 0.08, R * 0.13, R * 0.27, colour), march[0].label, march.map((l) => l.index), ui, "march", t.city));
    if (sail.length) layer.chips.append(chip(x + R * 0.28, y + R * 0.6, R, ship(R * 0.08, R * 0.01, R * 0.27, colour), sail[0].label, sail.map((l) => l.index), ui, "sail", t.city));
  }
}

function gameOver(root, ctx) {
  const { view, box } = ctx;
  const winner = view.winner;
  const title = winner == null ? "The game is drawn" : `${ctx.name(winner)} wins`;
  const colour = winner == null ? "#5d6d7e" : ctx.colour(winner);
  const w = Math.min(520, box.w - 40);
  const g = svg("g", { transform: `translate(${box.x + box.w / 2},${box.y + 44})`, class: "hd-game-over", "data-winner": winner ?? "" });
  g.append(svg("rect", { x: -w / 2, y: -30, width: w, height: 62, rx: 10, fill: "#fffdf8", stroke: colour, "stroke-width": 3, opacity: 0.95 }));
  g.append(text(0, -2, title, { "text-anchor": "middle", "font-size": 24, "font-weight": 700, fill: colour, "font-family": "Georgia, serif" }));
  if (view.end) g.append(text(0, 21, view.end, { "text-anchor": "middle", "font-size": 14, fill: "#4a4238" }));
  root.append(g);
}

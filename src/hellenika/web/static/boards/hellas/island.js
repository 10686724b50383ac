// The island: sea, coast and interior spaces, quarries (top tile, closed, empty, the worker), temples with
// their pillars, every piece in its owner's colour, villages and cities, and the clickable legal spaces.
import { svg, text, target } from "../../js/svg.js";
import { parseBoard, fitLayout, hexPoints, neighbours } from "./geometry.js";
import * as icon from "./icons.js";

const FILL = { coast: "#ead49c", interior: "#b8c785", quarry: "#a9a397", temple: "#efe9dc" };

function describe(cell, view) {
  if (cell.kind === "quarry") {
    const q = view.quarries.find((x) => x.id === cell.id);
    const where = cell.coast ? "coast" : "interior";
    if (!q) return `Quarry ${cell.id} (${where})`;
    const worker = q.worker ? "; the quarry worker stands here" : "";
    if (q.state === "active") {
      return `Quarry ${cell.id} (${where}): active, top tile ${q.top} (${q.yield} marble per adjacent house), ${q.tiles} tile${q.tiles === 1 ? "" : "s"}${worker}`;
    }
    if (q.state === "closed") return `Quarry ${cell.id} (${where}): closed for good, ${q.tiles} tiles face down${worker}`;
    return `Quarry ${cell.id} (${where}): empty${worker}`;
  }
  if (cell.kind === "temple") {
    const t = view.temples.find((x) => x.space === cell.id);
    return t ? `Temple ${t.id} on ${cell.id}: ${t.pillars} of ${t.slots} pillars` : `Temple on ${cell.id}`;
  }
  return `${cell.id}: ${cell.coast ? "coast" : "interior"} building space`;
}

export function drawIsland(ctx, box) {
  const { view } = ctx;
  const board = parseBoard(view.board_rows || []);
  const layout = fitLayout(board.cells, { x: box.x + 8, y: box.y + 8, w: box.w - 16, h: box.h - 16 });
  const R = layout.R;
  const k = R / 30;
  const centre = new Map(board.cells.map((cell) => [cell.id, layout.at(cell)]));
  const root = svg("g", { class: "hx-island", "data-board": view.board });

  // Sea, shallows and beach.
  root.append(svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 14, fill: "url(#hx-sea)" }));
  root.append(svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 14, fill: "url(#hx-waves)" }));
  const shallows = svg("g", { fill: "#a7d3e6", opacity: 0.75 });
  const beach = svg("g", { fill: "#f6ead0" });
  for (const cell of board.cells) {
    const c = centre.get(cell.id);
    shallows.append(svg("polygon", { points: hexPoints(c.x, c.y, R * 1.42) }));
    beach.append(svg("polygon", { points: hexPoints(c.x, c.y, R * 1.13) }));
  }
  root.append(shallows, beach);
  if (view.board_title) {
    root.append(text(box.x + 16, box.y + box.h - 14, `${view.board_title} side`, {
      "font-family": "Georgia, 'Times New Roman', serif", "font-style": "italic", "font-size": 15, fill: "#eaf4fa", opacity: 0.9,
    }));
  }

  // The spaces.
  const tiles = svg("g", { class: "hx-spaces" });
  for (const cell of board.cells) {
    const c = centre.get(cell.id);
    const kind = cell.kind === "building" ? (cell.coast ? "coast" : "interior") : cell.kind;
    tiles.append(svg("polygon", {
      points: hexPoints(c.x, c.y, R * 0.985), fill: FILL[kind], stroke: "#fbf6ea", "stroke-width": 1.6 * k,
      "data-space": cell.id, "data-kind": kind, class: "hx-hex",
    }, [svg("title", {}, [describe(cell, view)])]));
  }
  root.append(tiles);

  // Villages and cities: each group's pieces joined by a band (cities tinted and bold, villages dashed).
  const groupsLayer = svg("g", { class: "hx-groups", "pointer-events": "none" });
  view.players.forEach((player, p) => {
    const colour = ctx.colour(p);
    for (const group of player.groups || []) {
      const members = new Set(group.spaces);
      const g = svg("g", { class: `hx-group hx-${group.kind}`, "data-owner": p, "data-size": group.size });
      if (group.kind === "city") {
        for (const id of group.spaces) {
          const c = centre.get(id);
          if (c) g.append(svg("polygon", { points: hexPoints(c.x, c.y, R * 0.9), fill: colour, opacity: 0.28 }));
        }
      }
      for (const id of group.spaces) {
        const cell = board.byId.get(id);
        if (!cell) continue;
        for (const [r, col] of neighbours(cell.row, cell.col)) {
          const other = `${r},${col}`;
          if (!members.has(other) || other < id) continue;
          const a = centre.get(id);
          const b = centre.get(other);
          g.append(svg("line", {
            x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: colour, "stroke-linecap": "round",
            "stroke-width": (group.kind === "city" ? 7 : 3.5) * k, opacity: group.kind === "city" ? 0.8 : 0.7,
            "stroke-dasharray": group.kind === "city" ? null : `${5 * k} ${4 * k}`,
          }));
        }
      }
      groupsLayer.append(g);
    }
  });
  root.append(groupsLayer);

  // Quarries, temples, pieces and the small space ids.
  const content = svg("g", { class: "hx-content" });
  const ids = svg("g", { class: "hx-ids", "pointer-events": "none" });
  for (const q of view.quarries) {
    const c = centre.get(q.id);
    if (!c) continue;
    const attrs = { "data-space": q.id, "data-state": q.state, "data-tiles": q.tiles };
    if (q.state === "active") content.append(icon.tile(c.x, c.y - 2 * k, k * 1.05, q.top, q.yield, q.tiles, { ...attrs, "data-top": q.top }));
    else if (q.state === "closed") content.append(icon.tileBack(c.x, c.y - 2 * k, k * 1.05, q.tiles, attrs));
    else content.append(svg("g", { class: "hx-quarry-empty", ...attrs }, [
      svg("ellipse", { cx: c.x, cy: c.y, rx: 13 * k, ry: 9 * k, fill: "#8d877b", stroke: "#716b60", "stroke-width": 1.2 * k, "stroke-dasharray": `${3 * k} ${2 * k}` }),
    ]));
    if (q.worker) content.append(icon.worker(c.x + (q.state === "empty" ? 0 : 12 * k), c.y + (q.state === "empty" ? -2 * k : 6 * k), k * 1.05, { "data-space": q.id }));
  }
  for (const t of view.temples) {
    const c = centre.get(t.space);
    if (!c) continue;
    content.append(icon.temple(c.x, c.y - 1 * k, k * 0.95, t.slots, t.pillars, { "data-temple": t.id, "data-pillars": t.pillars, "data-slots": t.slots }));
    ids.append(text(c.x, c.y + 19.5 * k, `${t.id} · ${t.pillars}/${t.slots}`, {
      "text-anchor": "middle", "font-size": 8.5 * k, "font-weight": 700, fill: "#5a5143",
    }));
  }
  const occupied = new Set();
  for (const piece of view.pieces) {
    const c = centre.get(piece.space);
    if (!c) continue;
    occupied.add(piece.space);
    const owner = piece.owner;
    const attrs = { "data-space": piece.space, "data-piece": piece.piece, "data-owner": owner === null ? "none" : owner };
    if (owner !== null && owner === ctx.seat) attrs.class = "hx-mine";
    const colour = owner === null ? null : ctx.colour(owner);
    const mark = owner === null ? null : owner + 1;
    if (owner !== null && owner === ctx.seat) {
      // The viewer's own pieces stand on a pale halo.
      content.append(svg("circle", { cx: c.x, cy: c.y, r: 16.5 * k, fill: "#fffdf5", opacity: 0.6, class: "hx-halo", "pointer-events": "none" }));
    }
    const drawn = icon.pieceIcon(piece.piece, c.x, c.y - 1 * k, k * 1.12, colour, mark, attrs);
    drawn.setAttribute("filter", "url(#hx-shadow)");
    content.append(drawn);
  }
  for (const cell of board.cells) {
    if (cell.kind !== "building" || occupied.has(cell.id)) continue;
    const c = centre.get(cell.id);
    ids.append(text(c.x, c.y + 3.5 * k, cell.id, {
      "text-anchor": "middle", "font-size": 9 * k, fill: cell.coast ? "#9c8452" : "#6f7d4a", opacity: 0.85,
    }));
  }
  root.append(content, ids);

  // Mining: the tile just drawn waits in the sea, top right, until it is placed.
  const drawnTile = view.current_action && view.current_action.drawn_tile;
  if (drawnTile) {
    const tx = box.x + box.w - 52;
    const ty = box.y + 52;
    root.append(svg("g", { class: "hx-drawn", "data-tile": drawnTile }, [
      svg("rect", { x: tx - 40, y: ty - 40, width: 80, height: 96, rx: 10, fill: "#fffdf8", opacity: 0.92, stroke: "#c9a227", "stroke-width": 2 }),
      icon.tile(tx, ty - 4, 2, drawnTile, null, 1),
      text(tx, ty + 44, "drawn tile", { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#5a5143" }),
    ]));
  }
  root.append(drawTargets(ctx, board, centre, R, k));
  return root;
}

// Legal placements as clickable spaces: builds on free spaces, pillars on temples, tiles and the worker on quarries.
function drawTargets(ctx, board, centre, R, k) {
  const layer = svg("g", { class: "hx-targets" });
  const bySpace = new Map();
  const add = (space, entry) => {
    if (!bySpace.has(space)) bySpace.set(space, []);
    bySpace.get(space).push(entry);
  };
  const temples = new Map(ctx.view.temples.map((t) => [t.id, t.space]));
  for (const entry of ctx.model.legal) {
    const a = entry.action || {};
    if (a.kind === "build" && a.space) add(a.space, entry);
    else if (a.kind === "pillar" && temples.has(a.temple)) add(temples.get(a.temple), entry);
    else if ((a.kind === "tile" || a.kind === "worker") && a.quarry) add(a.quarry, entry);
  }
  const piece = ctx.buildPiece;
  for (const [space, all] of bySpace) {
    const c = centre.get(space);
    if (!c) continue;
    // Where several pieces can go on one space, the board's piece selector decides which one a click builds.
    const entries = all.filter((e) => e.action.kind !== "build" || !piece || e.action.piece === piece);
    if (!entries.length) continue;
    const first = entries[0].action;
    const g = svg("g", {
      class: "hx-target", "data-space": space, "data-action": first.kind, "pointer-events": "all",
    });
    if (first.kind === "build") {
      const ghostColour = first.piece === "statue" ? null : ctx.colour(ctx.seat ?? ctx.model.to_move ?? 0);
      g.append(svg("polygon", { points: hexPoints(c.x, c.y, R * 0.86), fill: "#fff", "fill-opacity": 0.22, stroke: "#fff", "stroke-width": 2.2 * k, "stroke-dasharray": `${4 * k} ${3 * k}` }));
      g.append(icon.pieceIcon(first.piece, c.x, c.y - 1 * k, k * 1.05, ghostColour, null, { class: "hx-ghost" }));
    } else {
      g.append(svg("polygon", { points: hexPoints(c.x, c.y, R * 0.9), fill: "#fff", "fill-opacity": 0.08, stroke: "#fff", "stroke-width": 3 * k }));
      g.append(svg("polygon", { points: hexPoints(c.x, c.y, R * 0.9), fill: "none", stroke: "#1f5f8b", "stroke-width": 1.4 * k, "stroke-dasharray": `${4 * k} ${3 * k}` }));
      if (first.kind === "worker") g.append(icon.worker(c.x + 11 * k, c.y - 9 * k, k * 0.8, { opacity: 0.75 }));
      if (first.kind === "tile" && ctx.view.current_action && ctx.view.current_action.drawn_tile) {
        g.append(svg("circle", { cx: c.x + 15 * k, cy: c.y - 14 * k, r: 7 * k, fill: "#1f5f8b", stroke: "#fff", "stroke-width": 1.2 * k }));
        g.append(text(c.x + 15 * k, c.y - 11 * k, "+", { "text-anchor": "middle", "font-size": 11 * k, "font-weight": 800, fill: "#fff" }));
      }
    }
    target(g, entries.map((e) => e.index), ctx.ui, entries.map((e) => e.label).join("\n"));
    layer.append(g);
  }
  return layer;
}

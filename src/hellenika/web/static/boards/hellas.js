// Hellas (Dorra): the island with every piece, the players' boards, the action track and the supply, as one
// responsive SVG drawn from model.view (src/hellenika/games/hellas/view.py). Clicking a highlighted space,
// temple or quarry chooses the placement there; clicking a free track space chooses that action.
import { svg, text } from "../js/svg.js";
import { participantColour } from "../js/colours.js";
import { drawIsland } from "./hellas/island.js";
import { drawHeader, drawPieceSelector, drawPlayers, drawTrack, drawSupply } from "./hellas/panels.js";

const W = 1000;
const LAYOUT = {
  header: { x: 0, y: 0, w: W, h: 68 },
  island: { x: 0, y: 76, w: 676, h: 520 },
  players: { x: 690, y: 76, w: 310, h: 520 },
  track: { x: 0, y: 606, w: W, h: 118 },
  supply: { x: 0, y: 734, w: W, h: 46 },
};
const H = 782;

// The board's CSS rules (hover ghosts, focus) are in css/hellenika.css: the pages' policy refuses inline <style>.

function defs() {
  return svg("defs", {}, [
    svg("linearGradient", { id: "hx-sea", x1: 0, y1: 0, x2: 0.3, y2: 1 }, [
      svg("stop", { offset: "0", "stop-color": "#6fb0d6" }),
      svg("stop", { offset: "1", "stop-color": "#3f7fb0" }),
    ]),
    svg("pattern", { id: "hx-waves", width: 46, height: 22, patternUnits: "userSpaceOnUse" }, [
      svg("path", { d: "M2,12 q5,-5 10,0 t10,0", fill: "none", stroke: "#ffffff", "stroke-width": 1.2, opacity: 0.22 }),
      svg("path", { d: "M25,3 q4,-4 8,0 t8,0", fill: "none", stroke: "#ffffff", "stroke-width": 1, opacity: 0.15 }),
    ]),
    svg("filter", { id: "hx-shadow", x: "-30%", y: "-30%", width: "160%", height: "160%" }, [
      svg("feDropShadow", { dx: 0.8, dy: 1.4, stdDeviation: 0.9, "flood-color": "#000", "flood-opacity": 0.45 }),
    ]),
    svg("filter", { id: "hx-glow", x: "-20%", y: "-20%", width: "140%", height: "140%" }, [
      svg("feDropShadow", { dx: 0, dy: 0, stdDeviation: 2.5, "flood-color": "#c9a227", "flood-opacity": 0.55 }),
    ]),
  ]);
}

function context(container, model, ui) {
  const view = model.view;
  const names = model.names || view.players.map((p) => p.name);
  const seat = model.seat === undefined ? null : model.seat;
  const buildPieces = [...new Set(model.legal.filter((l) => l.action && l.action.kind === "build").map((l) => l.action.piece))];
  // The piece picked in the selector holds for this position only (keyed by the model's version).
  const [version, wanted] = (container.dataset.hellasPiece || "").split(":");
  const picked = version === String(model.version) ? wanted : null;
  const ctx = {
    model, view, ui, seat,
    colour: (p) => participantColour(p),
    who: (p) => (p === null || p === undefined ? "—" : `${names[p] ?? `Player ${p + 1}`}${p === seat ? " (you)" : ""}`),
    buildPieces,
    buildPiece: buildPieces.length > 1 ? (buildPieces.includes(picked) ? picked : buildPieces[0]) : null,
    selectPiece(piece) {
      container.dataset.hellasPiece = `${model.version}:${piece}`;
      render(container, model, ui);
    },
  };
  return ctx;
}

export function render(container, model, ui) {
  const ctx = context(container, model, ui);
  const root = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, role: "group", class: "hx-board",
    "aria-label": `Hellas board, ${ctx.view.board_title || ctx.view.board} side`,
    "font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  });
  root.append(defs());
  root.append(drawHeader(ctx, LAYOUT.header));
  root.append(drawIsland(ctx, LAYOUT.island));
  if (ctx.buildPiece) {
    // Beside the decline button in the banner: which piece a click on a space builds.
    const { x, y, w } = LAYOUT.header;
    const width = ctx.buildPieces.reduce((sum, p) => sum + 36 + p.length * 7.4, 0);
    root.append(drawPieceSelector(ctx, x + w - 170 - width, y + 38));
  }
  root.append(drawPlayers(ctx, LAYOUT.players));
  root.append(drawTrack(ctx, LAYOUT.track));
  root.append(drawSupply(ctx, LAYOUT.supply));
  if (!ctx.view.board_rows) {
    root.append(text(LAYOUT.island.x + 20, LAYOUT.island.y + 40, "This view has no board geometry.", { fill: "#fff", "font-size": 16 }));
  }
  container.replaceChildren(root);
}

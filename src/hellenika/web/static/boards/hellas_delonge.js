// Hellas (Delonge): the board view. The growing map of land tiles around the dolphin, cities with their
// Greeks and ships, temples; both players with their cities toward ten, pieces and cards by god; the god
// decks and the tile stack; the viewer's hand; what is under way. Clicks: a site lays the tile there, a city
// is attacked, paid from, levied into..., chips on a city recruit or build (and, regrouping, move pieces
// from the chosen city), a card is played, a deck drawn from, the stack voyaged to, a tile or number chosen.
import { svg } from "../js/svg.js";
import { participantColour } from "../js/colours.js";
import { drawMap } from "./hellas_delonge/map.js";
import { decksPanel, handArea, header, playerPanel, stackPanel, tray } from "./hellas_delonge/panels.js";

function defs(activeColour) {
  return svg("defs", {}, [
    svg("radialGradient", { id: "hd-sea", cx: "50%", cy: "45%", r: "65%" }, [
      svg("stop", { offset: "0%", "stop-color": "#8fcbe4" }),
      svg("stop", { offset: "100%", "stop-color": "#3d86b8" }),
    ]),
    svg("linearGradient", { id: "hd-land", x1: "0", y1: "0", x2: "0.3", y2: "1" }, [
      svg("stop", { offset: "0%", "stop-color": "#e6dba8" }),
      svg("stop", { offset: "55%", "stop-color": "#cfc487" }),
      svg("stop", { offset: "100%", "stop-color": "#aeb372" }),
    ]),
    svg("linearGradient", { id: "hd-parchment", x1: "0", y1: "0", x2: "1", y2: "1" }, [
      svg("stop", { offset: "0%", "stop-color": "#f6efdc" }),
      svg("stop", { offset: "100%", "stop-color": "#ebe0c4" }),
    ]),
    svg("filter", { id: "hd-soft", x: "-5%", y: "-5%", width: "110%", height: "120%" }, [
      svg("feDropShadow", { dx: 0, dy: 1.5, stdDeviation: 1.5, "flood-color": "#5b4a2c", "flood-opacity": 0.18 }),
    ]),
    svg("marker", { id: "hd-arrowhead", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse" }, [
      svg("path", { d: "M0,0 L10,5 L0,10 Z", fill: activeColour }),
    ]),
  ]);
}

// Two arrangements of the same panels: side by side when the board is wide, stacked under the map when it is
// narrow (so the words stay readable on a small screen).
const WIDE = {
  W: 1200, H: 900, map: { x: 12, y: 62, w: 776, h: 606 },
  players: [[800, 62], [800, 238]], decks: [800, 414, 172], stack: [800, 596], hand: [12, 680], tray: [800, 680, 208],
};
const NARROW = {
  W: 800, H: 1330, map: { x: 12, y: 62, w: 776, h: 560 },
  players: [[12, 632], [400, 632]], decks: [400, 1026, 172], stack: [400, 1208], hand: [12, 808], tray: [12, 1026, 254],
};
const NARROW_BELOW = 820;

export function render(container, model, ui) {
  const view = model.view ?? {};
  const names = model.names ?? [];
  const width = container.clientWidth;
  const narrow = width > 0 && width < NARROW_BELOW;
  const L = narrow ? NARROW : WIDE;
  watchWidth(container, narrow);
  container.hdLatest = { model, ui };
  const ctx = {
    container, model, view, ui,
    colour: (p) => participantColour(p ?? 0),
    name: (p) => names[p] ?? view.players?.[p]?.name ?? `Player ${p + 1}`,
    rerender: () => render(container, model, ui),
  };
  const root = svg("svg", {
    viewBox: `0 0 ${L.W} ${L.H}`, class: "hd-board", role: "group", "data-layout": narrow ? "narrow" : "wide",
    "aria-label": `Hellas board, ${view.turn ? `turn ${view.turn}` : "setup"}`,
    "font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  });
  root.append(defs(ctx.colour(view.active)));
  root.append(svg("rect", { width: L.W, height: L.H, fill: "#f7f3ea" }));
  header(root, ctx, L.W);
  ctx.box = { ...L.map };
  if (view.game_over) ctx.box.top = 76;
  drawMap(root, ctx);
  playerPanel(root, ctx, 0, L.players[0][0], L.players[0][1], 388, 166);
  playerPanel(root, ctx, 1, L.players[1][0], L.players[1][1], 388, 166);
  decksPanel(root, ctx, L.decks[0], L.decks[1], 388, L.decks[2]);
  stackPanel(root, ctx, L.stack[0], L.stack[1], 388, 72);
  handArea(root, ctx, L.hand[0], L.hand[1], 776, 208);
  tray(root, ctx, L.tray[0], L.tray[1], 388, L.tray[2]);
  container.replaceChildren(root);
}

// Redraw when the board's width crosses between the two arrangements (one observer per container).
function watchWidth(container, narrow) {
  container.hdNarrow = narrow;
  if (container.hdObserver || typeof ResizeObserver === "undefined") return;
  container.hdObserver = new ResizeObserver(() => {
    const width = container.clientWidth;
    const now = width > 0 && width < NARROW_BELOW;
    if (now !== container.hdNarrow && container.hdLatest && !container.hdPending) {
      container.hdPending = true;
      requestAnimationFrame(() => {
        container.hdPending = false;
        const { model, ui } = container.hdLatest;
        render(container, model, ui);
      });
    }
  });
  container.hdObserver.observe(container);
}

// Attika's board: the growing hex map with every building, the players' storage boards, stacks, hands and
// amphorae, the common supply, and the board tile being laid. Clicks choose the matching legal action:
// a hex builds there (or lays the new tile's centre there), a stack draws from it, a stored building builds
// it, the storage board stores a drawn building, a hand card pays with it, the amphorae return one, the deck
// stops and takes cards, a turn of the new tile lays it so.
import { svg } from "../js/svg.js";
import { makeContext } from "./attika/context.js";
import { drawMap } from "./attika/map.js";
import { drawHeader, drawTileTray, drawLegend } from "./attika/header.js";
import { drawPlayers } from "./attika/players.js";

const WIDTH = 960;
const GAP = 12;
const MAP_MAX_HEIGHT = 680;

// The board's CSS rules (font, hover ghosts, focus, pulse) are in css/hellenika.css: the pages' policy refuses
// inline <style>.

export function render(container, model, ui) {
  container.replaceChildren();
  const ctx = makeContext(model, ui);
  const root = svg("svg", {
    xmlns: "http://www.w3.org/2000/svg",
    class: "attika-board",
    role: "group",
    "aria-label": `Attika board, turn ${ctx.view.turn ?? "?"}`,
    "data-game": "attika",
  });

  let y = 0;
  const header = drawHeader(ctx, WIDTH);
  root.append(header.node);
  y += header.height;

  let setGhostRotation = null;
  const tray = drawTileTray(ctx, WIDTH, (k) => setGhostRotation && setGhostRotation(k));
  if (tray) {
    tray.node.setAttribute("transform", `translate(0 ${y})`);
    root.append(tray.node);
    y += tray.height + GAP;
  }

  const map = drawMap(ctx, WIDTH, MAP_MAX_HEIGHT);
  setGhostRotation = map.setGhostRotation;
  map.node.setAttribute("transform", `translate(0 ${y})`);
  root.append(map.node);
  y += map.height + GAP;

  const players = drawPlayers(ctx, WIDTH);
  players.node.setAttribute("transform", `translate(0 ${y})`);
  root.append(players.node);
  y += players.height;

  const legend = drawLegend(ctx, WIDTH);
  legend.node.setAttribute("transform", `translate(0 ${y})`);
  root.append(legend.node);
  y += legend.height;

  root.setAttribute("viewBox", `0 0 ${WIDTH} ${Math.ceil(y)}`);
  root.setAttribute("preserveAspectRatio", "xMidYMin meet");
  container.append(root);
}

// The Peloponnes board: the round track with the tile stacks and supply rounds, the phase and the turn order;
// the pending decision with its buttons; the regular and conquest rows with their bids; the disaster tiles,
// the Persians and the chit stacks; a panel per civilization (mat, hero, colony, tiles, score) in turn order,
// Angelos last; the final scores when the game is over.
// Clicks choose the matching legal action: a tile in the rows bids on it, conquers it, buys it (solo) or
// moves an outbid bid to it; a tile of your own is saved, lost, finished or given up; the building being
// added is built or reserved; a good on your mat is the income of your choice; your mercenaries, cloverleaves
// and Odysseus answer their questions; another player's colony or hero receives your offer.
import { svg } from "../js/svg.js";
import { makeContext } from "./peloponnes/context.js";
import { drawHeader } from "./peloponnes/header.js";
import { drawDecision } from "./peloponnes/decision.js";
import { drawRows } from "./peloponnes/rows.js";
import { drawDisasters } from "./peloponnes/disasters.js";
import { drawPlayers } from "./peloponnes/players.js";
import { drawLegend, drawScores } from "./peloponnes/scores.js";
import { ROUNDS } from "./peloponnes/catalogue.js";

const WIDTH = 1000;
const GAP = 12;

// The board's CSS rules (font, focus, pulse) are in css/hellenika.css: the pages' policy refuses inline <style>.

export function render(container, model, ui) {
  container.replaceChildren();
  const ctx = makeContext(model, ui);
  const view = ctx.view;
  const root = svg("svg", {
    xmlns: "http://www.w3.org/2000/svg",
    class: "pel-board",
    role: "group",
    "aria-label": `Peloponnes board, round ${view.round ?? 0} of ${ROUNDS}`,
    "data-game": "peloponnes",
  });
  let y = 0;
  const sections = [drawHeader, drawScores, drawDecision, drawRows, drawDisasters, drawPlayers, drawLegend];
  for (const draw of sections) {
    const part = draw(ctx, WIDTH);
    if (!part) continue;
    part.node.setAttribute("transform", `translate(0 ${y})`);
    root.append(part.node);
    y += part.height + GAP;
  }
  root.setAttribute("viewBox", `-4 -4 ${WIDTH + 8} ${Math.ceil(y) + 4}`);
  root.setAttribute("preserveAspectRatio", "xMidYMin meet");
  container.append(root);
}

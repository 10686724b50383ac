// Peloponnes board: what every part of the board needs, computed once per render. The view and its
// participants, names and colours, the legal actions matched by their JSON form, the phase of the round the
// current step belongs to, and the supply rounds known so far.
import { participantColour } from "../../js/colours.js";
import { STACK_ROUNDS, SUPPLY_TILES, bidMix, luxuryRate } from "./catalogue.js";
import { inkOn } from "./theme.js";

// The steps of the view (`view.step`) grouped by the phase of the round they belong to (spec §4, §5).
const PHASE_OF_STEP = {
  "starting a round": 1,
  "revealing tiles": 1,
  bidding: 2,
  "bidding: naming the coins": 2,
  "bidding: outbid": 2,
  "buying a tile": 2,
  "turn order": 3,
  "adding tiles": 4,
  "adding tiles: building": 4,
  "adding tiles: strength": 4,
  population: 5,
  income: 6,
  "income: choosing a good": 6,
  "disaster chits": 7,
  "drawing a disaster chit": 7,
  "a disaster": 7,
  "the Persians": 7,
  "Ariadne's chit": 7,
  "Odysseus' coin": 7,
  "disaster: saving tiles": 7,
  "Persians: losing a tile": 7,
  "hiring mercenaries": 7,
  "end of round": 7,
};
const SUPPLY_STEPS = new Set(["supply round", "supply round: finishing buildings", "internal conflict"]);
const END_STEPS = new Set(["final scoring", "assigning cloverleaves", "game over"]);

export const PHASES = [
  [1, "Reveal"],
  [2, "Bid"],
  [3, "Turn order"],
  [4, "Add tiles"],
  [5, "Population"],
  [6, "Income"],
  [7, "Disasters"],
];

// Where the game stands: {phase: 1..7 | null, supply: bool, setup: bool, end: bool}.
export function stageOf(view) {
  const step = String(view.step || "");
  const decision = view.decision || {};
  if (view.game_over || END_STEPS.has(step)) return { phase: null, supply: false, setup: false, end: true };
  if (!view.round) return { phase: null, supply: false, setup: true, end: false };
  const tantalus = step === "hiring mercenaries" && decision.limit === "strength";
  if (SUPPLY_STEPS.has(step) || tantalus) return { phase: PHASE_OF_STEP[step] || null, supply: true, setup: false, end: false };
  return { phase: PHASE_OF_STEP[step] || null, supply: false, setup: false, end: false };
}

function tileIds(view) {
  const ids = new Set();
  for (const slot of view.regular_row || []) if (slot && slot.tile) ids.add(slot.tile.id);
  for (const tile of view.conquest_row || []) if (tile) ids.add(tile.id);
  return ids;
}

// The supply rounds of the game: the one B05 calls (rounds 4-6), the one C04 calls (rounds 7-8), the final
// one after round 8. Each is {stack, round: the round it came in or null, done, now}. The log says when (as
// far back as it reaches); the state says the rest: a supply tile in the rows calls it this round, and a
// stack that is used up has shown its supply tile.
export function supplyRounds(view, log) {
  const out = {
    B: { stack: "B", tile: SUPPLY_TILES.B, round: null, done: false, now: false },
    C: { stack: "C", tile: SUPPLY_TILES.C, round: null, done: false, now: false },
    final: { stack: null, tile: null, round: 8, done: false, now: false },
  };
  let round = null;
  let finalNext = false;
  for (const entry of log || []) {
    const words = String(entry.text || "");
    const m = /^Round (\d+)\b/.exec(words);
    if (m) round = Number(m[1]);
    if (/final supply round/i.test(words)) finalNext = true;
    if (words === "Supply round" || /^Supply round\b/.test(words)) {
      if (finalNext) out.final.done = true;
      else if (round !== null && round >= 4 && round <= 6) Object.assign(out.B, { round, done: true });
      else if (round !== null && round >= 7) Object.assign(out.C, { round, done: true });
    }
  }
  const current = view.round || 0;
  const stacks = view.tile_stacks || {};
  const showing = tileIds(view);
  const stage = stageOf(view);
  const isFinal = current === 8 && stage.supply && !showing.size && (stacks.C || 0) === 0;
  for (const key of ["B", "C"]) {
    const entry = out[key];
    if (showing.has(entry.tile)) Object.assign(entry, { round: current, done: true, now: stage.supply || stage.phase === 1 });
    const last = STACK_ROUNDS[key][STACK_ROUNDS[key].length - 1];
    if (current > last || (current === last && (stacks[key] || 0) === 0)) entry.done = true;
  }
  if (isFinal || view.game_over || stage.end) out.final.done = true;
  if (isFinal) out.final.now = true;
  return out;
}

export function makeContext(model, ui) {
  const view = model.view || {};
  const participants = view.participants || [];
  const legal = model.legal || [];
  const seat = typeof model.seat === "number" ? model.seat : null;
  const byIndex = new Map(participants.map((p) => [p.index, p]));
  const deciding = view.decision && typeof view.decision.seat === "number" ? view.decision.seat : null;
  return {
    model,
    ui,
    view,
    legal,
    participants,
    seat,
    deciding,
    stage: stageOf(view),
    supply: supplyRounds(view, model.log),
    participant(index) {
      return byIndex.get(index) || null;
    },
    name(index) {
      const p = byIndex.get(index);
      return (model.names && model.names[index]) || (p && p.name) || `Player ${Number(index) + 1}`;
    },
    colour(index) {
      const p = byIndex.get(index);
      return participantColour(index, Boolean(p && p.automaton));
    },
    // A bid for the markers: who (name, colour, ink on it) and what it is made of (bidMix).
    bid(bidder, coins, luxury) {
      const p = byIndex.get(bidder);
      const colour = this.colour(bidder);
      return { bidder, colour, ink: inkOn(colour), name: this.name(bidder), ...bidMix(coins, luxury, luxuryRate(p && p.colony)) };
    },
    // Indices of the legal actions whose JSON form satisfies test(action).
    matching(test) {
      return legal.filter((a) => a.action && typeof a.action === "object" && test(a.action)).map((a) => a.index);
    },
    ofKind(kind) {
      return this.matching((a) => a.kind === kind);
    },
    labels(indices) {
      return indices.map((i) => (legal[i] ? legal[i].label : "")).filter(Boolean).join("\n");
    },
  };
}

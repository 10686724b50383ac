// Hercules board: which legal actions each board element stands for (matched on `model.legal[i].action`).
import { OP_SIGNS } from "./theme.js";

const WHITE_SLOT = 2;

function dieValue(view, participant, slot) {
  if (slot === WHITE_SLOT) return view.white_die ? view.white_die.value : null;
  return participant && participant.dice ? participant.dice[slot] : null;
}

// The Labour (column) a PerformLabour action gives, and how: {column, hi, lo, sign, white}.
export function labourOf(view, action) {
  const actor = (view.participants || [])[view.active];
  const a = dieValue(view, actor, action.die_a);
  const b = dieValue(view, actor, action.die_b);
  if (typeof a !== "number" || typeof b !== "number") return null;
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  let column = null;
  if (action.op === "+") column = hi + lo;
  else if (action.op === "-") column = hi - lo;
  else if (action.op === "x") column = hi * lo;
  else if (action.op === "/") column = lo > 0 && hi % lo === 0 ? hi / lo : null;
  if (column === null || column < 1 || column > 12) return null;
  const white = action.die_a === WHITE_SLOT || action.die_b === WHITE_SLOT;
  return { column, hi, lo, sign: OP_SIGNS[action.op] || action.op, white };
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

// Legal actions grouped by what they refer to on the board.
export function indexLegal(model) {
  const view = model.view || {};
  const out = {
    columns: new Map(), // column number -> [index]
    formulas: new Map(), // column number -> [{hi, lo, sign, white, index}]
    cards: new Map(), // card id -> [index] (use, release, refresh)
    decks: new Map(), // deck id -> [index] (take)
    kinds: new Map(), // action kind -> [index] (rest, end, done, ...)
  };
  for (const entry of model.legal || []) {
    const action = entry.action || {};
    push(out.kinds, action.kind, entry.index);
    if (action.kind === "labour") {
      const labour = labourOf(view, action);
      if (labour) {
        push(out.columns, labour.column, entry.index);
        push(out.formulas, labour.column, { ...labour, index: entry.index });
      }
    } else if (action.kind === "use" || action.kind === "release" || action.kind === "refresh") {
      push(out.cards, action.card, entry.index);
    } else if (action.kind === "take") {
      push(out.decks, action.deck, entry.index);
    }
  }
  return out;
}

export function labelsOf(model, indices) {
  return indices.map((i) => (model.legal[i] ? model.legal[i].label : "")).filter(Boolean).join("\n");
}

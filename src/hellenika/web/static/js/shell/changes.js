// What just happened: after the other players' turns, the board marks what changed since this seat's last
// decision, and "Since your turn" lists their moves in words (the log's lines after that decision).
//
// Generic, no code per game. After each render the board is read as signatures of two kinds of parts:
// - every element with data-* attributes (a piece, a space, a card, a player's panel): its tag, its data-*
//   attributes, its direct text and its own <title> (not the choice labels a clickable part carries);
// - every other element with text of its own (a score, a count, a label), under its nearest data-* element.
// The board as it stood right after the seat's last decision is the baseline. A part whose signature the
// baseline lacks (a piece placed or moved, a count or a score changed) gets the class ``hk-changed``, unless
// the board before that decision had it too (what only says whose turn it is, "Your turn" and the like); where
// a data-* element of the baseline is gone (a piece taken), its nearest surviving container, if small enough
// to point at, is marked instead. Parts of the choices (inside [data-action] or a clickable .hk-target) are
// left out: they follow whose turn it is, not what happened. The baseline, and the log position it was taken
// at, are kept per table in the page's sessionStorage, so a reload still shows what changed.
import { h } from "./dom.js";
import { ensureStylesheet } from "./log.js";

const KEY = "hk-changes:";
const CHANGED = "hk-changed";
// Attributes that say whose turn it is or what can be clicked now, not what is on the board.
const IGNORED = new Set([
  "data-targets", "data-active", "data-you", "data-now", "data-current", "data-on", "data-deciding",
  "data-selected", "data-mine", "data-hex-size", "data-hellas-piece",
]);
// A container with more data-* elements than this is too big to point at for a piece taken from it.
const SMALL_CONTAINER = 12;
const MAX_LINES = 40;

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
let previous = null; // the last model drawn in this page, with its board's signatures

function isDataElement(el) {
  for (const attr of el.attributes) if (attr.name.startsWith("data-")) return true;
  return false;
}

function isTag(el, name) {
  return el.tagName.toLowerCase() === name;
}

function directText(el) {
  let text = "";
  for (const child of el.childNodes) if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
  return text.replace(/\s+/g, " ").trim();
}

function attrSignature(el) {
  const attrs = [...el.attributes]
    .filter((a) => a.name.startsWith("data-") && !IGNORED.has(a.name))
    .map((a) => `${a.name}=${a.value}`)
    .sort();
  return `${el.tagName.toLowerCase()}[${attrs.join(" ")}]`;
}

function dataSignature(el) {
  const titles = [...el.children].filter((c) => isTag(c, "title"));
  if (el.classList.contains("hk-target")) titles.pop(); // the choice label target() adds (js/svg.js)
  return `D${attrSignature(el)}${directText(el)}|${titles.map((t) => t.textContent.trim()).join("|")}`;
}

// The board's parts as [signature, index of the nearest data-* ancestor part or -1, is a data-* element],
// and their elements, in document order.
function read(board) {
  const root = board.firstElementChild;
  const entries = [];
  const elements = [];
  const index = new Map();
  const walk = (el, parent, parentSig, inTarget) => {
    for (const child of el.children) {
      if (isTag(child, "title") || isTag(child, "style") || isTag(child, "defs")) continue;
      if (child.hasAttribute("data-action")) continue; // a choice drawn on the board (a ghost piece)
      const choice = inTarget || child.classList.contains("hk-target");
      let here = parent;
      let hereSig = parentSig;
      if (child !== root && isDataElement(child)) {
        here = entries.length;
        hereSig = attrSignature(child);
        index.set(child, here);
        entries.push([dataSignature(child), parent, 1]);
        elements.push(child);
      } else if (!choice) {
        const text = directText(child);
        if (text) {
          entries.push([`T${parentSig}:${text}`, parent, 0]);
          elements.push(child);
        }
      }
      walk(child, here, hereSig, choice);
    }
  };
  walk(board, -1, "", false);
  return { entries, elements };
}

function load() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY + tableId) || "null");
  } catch {
    return null;
  }
}

// The tables of this session with a stored baseline, the most recent last: a few are kept, not every one.
const KEPT_TABLES = 8;

function save(record) {
  try {
    const tables = JSON.parse(sessionStorage.getItem(`${KEY}tables`) || "[]").filter((t) => t !== tableId);
    tables.push(tableId);
    while (tables.length > KEPT_TABLES) sessionStorage.removeItem(KEY + tables.shift());
    sessionStorage.setItem(`${KEY}tables`, JSON.stringify(tables));
    sessionStorage.setItem(KEY + tableId, JSON.stringify(record));
  } catch {
    // Storage full or refused: the marks then last for this page only.
  }
}

function lastStep(log) {
  const lines = log || [];
  return lines.length ? lines[lines.length - 1].step : -1;
}

function countOf(entries) {
  const counts = new Map();
  for (const [sig] of entries || []) counts.set(sig, (counts.get(sig) || 0) + 1);
  return counts;
}

function dataDescendants(el) {
  let count = 0;
  for (const child of el.querySelectorAll("*")) if (isDataElement(child)) count += 1;
  return count;
}

function clearMarks(board) {
  for (const el of board.querySelectorAll(`.${CHANGED}`)) el.classList.remove(CHANGED);
  return 0;
}

// Mark what differs from the baseline (and from the board before the decision); answers the count marked.
function mark(board, record, now) {
  clearMarks(board);
  const after = countOf(record.entries);
  const before = countOf(record.pre);
  const known = (sig) => Math.max(after.get(sig) || 0, before.get(sig) || 0);
  const seen = new Map();
  const bySig = new Map();
  const marked = new Set();
  now.entries.forEach(([sig], i) => {
    const n = (seen.get(sig) || 0) + 1;
    seen.set(sig, n);
    if (!bySig.has(sig)) bySig.set(sig, now.elements[i]);
    // A clickable part that appeared is a choice of this turn, not a change (what it shows is read apart).
    if (n > known(sig) && !now.elements[i].classList.contains("hk-target")) marked.add(now.elements[i]);
  });
  const inside = (container) => [...marked].some((el) => el !== container && container.contains(el));
  // Gone since the baseline: point at the nearest container still on the board, if it is small.
  const gone = new Set();
  const counted = new Map();
  record.entries.forEach(([sig, parent, data]) => {
    const n = (counted.get(sig) || 0) + 1;
    counted.set(sig, n);
    if (!data || n <= (seen.get(sig) || 0)) return;
    for (let up = parent; up >= 0; up = record.entries[up][1]) {
      const container = bySig.get(record.entries[up][0]);
      if (!container) continue;
      // A part replaced by a changed one is marked already; a piece taken leaves its container marked.
      if (!inside(container) && dataDescendants(container) <= SMALL_CONTAINER) gone.add(container);
      break;
    }
  });
  for (const el of gone) marked.add(el);
  // One mark per region: a part inside a marked one is covered by its mark.
  let count = 0;
  for (const el of marked) {
    let up = el.parentElement;
    while (up && up !== board && !marked.has(up)) up = up.parentElement;
    if (up && up !== board) continue;
    el.classList.add(CHANGED);
    count += 1;
  }
  return count;
}

function summaryBox() {
  let box = document.getElementById("since-turn");
  if (!box) {
    box = h("section", { id: "since-turn", class: "hk-since", "aria-labelledby": "since-turn-heading", hidden: true },
      h("h2", { class: "hk-side-heading", id: "since-turn-heading", text: "Since your turn" }),
      // It scrolls past a dozen lines, so the keyboard must reach it too (axe: scrollable-region-focusable).
      h("ol", { id: "since-turn-list", class: "hk-since-list", tabindex: "0", "aria-labelledby": "since-turn-heading" }));
    // Below the choices, above the log: it appears and empties as turns pass, which must never move the
    // choices under a pointer about to click.
    const anchor = document.getElementById("log-heading");
    if (anchor) anchor.before(box);
    else document.getElementById("board")?.after(box);
  }
  return box;
}

function drawSummary(model, record) {
  const box = summaryBox();
  const lines = (model.log || []).filter((line) => line.step > record.since
    && !(line.step === record.mine && line.actor === model.seat));
  box.hidden = lines.length === 0;
  const shown = lines.slice(-MAX_LINES);
  const items = shown.map((line) => {
    const li = h("li", { dataset: { step: String(line.step) } }, line.text);
    if (typeof line.actor === "number" && line.actor >= 0) li.style.setProperty("--chip", `var(--hk-p${line.actor % 8})`);
    return li;
  });
  if (lines.length > shown.length) items.unshift(h("li", { class: "hk-muted", text: `… and ${lines.length - shown.length} earlier` }));
  document.getElementById("since-turn-list").replaceChildren(...items);
  document.getElementById("since-turn-heading").textContent = record.decided ? "Since your turn" : "Since you arrived";
  return lines.length;
}

// Whether a model drawn right after one where this seat was to move shows more than the seat's own commit (its
// decision and the chance that followed): later moves drawn at once because pushes came faster than drawing.
function beyondOwnCommit(last, model, awaiting) {
  if (awaiting > last.version) return model.version > awaiting; // the page knows the version its move led to
  if (model.to_move !== model.seat) return false; // the turn passed: the first model after it is the commit's
  // The turn came back at once: other players' lines in between tell that they moved (their decisions).
  const step = lastStep(last.log);
  return (model.log || []).some((line) => line.step > step && typeof line.actor === "number" && line.actor >= 0
    && line.actor !== model.seat);
}

// After every board render of the table page: ``awaiting`` is the table version the page's last accepted move
// led to (-1 when none is pending; it may still be unknown when the move's push comes before its answer).
export function trackChanges(board, model, awaiting = -1) {
  if (!board || !model) return;
  ensureStylesheet();
  const prev = previous;
  if (model.seat === null || model.seat === undefined) {
    previous = null;
    summaryBox().hidden = true;
    return;
  }
  const now = read(board);
  previous = { model, entries: now.entries };
  let record = load();
  if (record && record.seat !== model.seat) record = null;
  const last = prev && prev.model;
  const decided = Boolean(last && last.seat === model.seat && last.to_move === model.seat && !last.finished
    && model.version > last.version);
  if (!record || decided || record.version > model.version) {
    if (decided && beyondOwnCommit(last, model, awaiting)) {
      // The board before this seat's decision is the nearest baseline; its own step's lines are left out.
      record = { seat: model.seat, version: last.version, since: lastStep(last.log), mine: lastStep(last.log) + 1,
        decided: true, entries: prev.entries, pre: [] };
    } else {
      record = { seat: model.seat, version: model.version, since: lastStep(model.log), mine: null,
        decided: decided || Boolean(record && record.decided), entries: now.entries,
        pre: decided ? prev.entries : [] };
    }
    save(record);
  }
  const marked = record.version === model.version ? clearMarks(board) : mark(board, record, now);
  const lines = drawSummary(model, record);
  document.body.dataset.changed = String(marked);
  document.body.dataset.since = String(lines);
}

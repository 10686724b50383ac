// The game log in plain words, newest at the bottom, grouped by turn under the turn's player. It follows new
// lines unless the reader has scrolled up.
//
// A log entry is { step, text, actor } (web/model.py: step is the history index of the action that caused the
// line, actor the participant it is about, or null). The entries do not say who decided a step, so a step's
// player is the actor of its first line (the decider's own line comes first: "alice built…", then what it
// caused), and a turn is a run of steps of one player; steps whose first line names nobody (a new round, a
// revealed tile) stay in the turn they follow, or open a "Setup" group before anyone moved.
import { h } from "./dom.js";

// Beside this module, so it shares the versioned address of the page's assets (server/http/assets.py).
const STYLESHEET = new URL("../../css/changes.css", import.meta.url).href;

// The rules of the log's groups and of the board's change marks (the pages' policy refuses inline <style>).
export function ensureStylesheet(href = STYLESHEET) {
  if (document.querySelector(`link[data-hk-sheet="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href, dataset: { hkSheet: href } }));
}

function playerOf(line) {
  return typeof line.actor === "number" && line.actor >= 0 ? line.actor : null;
}

// The turns of a log: [{ player, lines: [entry...] }], in order.
export function groupByTurn(log) {
  const turns = [];
  let current = null;
  let step = null;
  for (const line of log || []) {
    if (line.step !== step || current === null) {
      step = line.step;
      const player = playerOf(line);
      if (current === null || (player !== null && player !== current.player)) {
        current = { player, lines: [] };
        turns.push(current);
      }
    }
    current.lines.push(line);
  }
  return turns;
}

function nameOf(names, player) {
  if (player === null) return "Setup";
  return (names && names[player]) || `Player ${player + 1}`;
}

// ``options.current``: the step whose lines are marked as the current one (a replay's last action shown).
export function renderLog(container, log, names, options = {}) {
  ensureStylesheet();
  const follow = !container.childElementCount
    || container.scrollHeight - container.scrollTop - container.clientHeight < 40;
  const current = Number.isInteger(options.current) ? options.current : null;
  let currentLine = null;
  const groups = groupByTurn(log).map((turn, index) => {
    const who = nameOf(names, turn.player);
    const heading = h("h3", { class: "hk-log-turn-head", text: who });
    if (turn.player !== null) heading.style.setProperty("--chip", `var(--hk-p${turn.player % 8})`);
    const lines = turn.lines.map((line) => {
      const actor = playerOf(line);
      const p = h("p", { dataset: { step: String(line.step ?? "") } }, line.text);
      if (actor !== null) p.style.setProperty("--chip", `var(--hk-p${actor % 8})`);
      p.classList.toggle("hk-log-actor", actor !== null);
      if (actor !== null && names && names[actor]) p.title = names[actor];
      if (current !== null && line.step === current) {
        p.classList.add("hk-log-current");
        p.setAttribute("aria-current", "step");
        currentLine = currentLine || p;
      }
      return p;
    });
    const group = h("div", {
      class: "hk-log-turn", role: "group", "aria-label": `Turn ${index + 1}: ${who}`,
      dataset: { turn: String(index + 1), player: turn.player === null ? "" : String(turn.player) },
    }, [heading, ...lines]);
    if (turn.lines.some((line) => line.step === current)) group.classList.add("hk-log-turn-current");
    return group;
  });
  container.replaceChildren(...groups);
  if (currentLine && options.reveal) {
    const top = currentLine.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top > container.scrollTop + container.clientHeight - currentLine.offsetHeight) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 2);
    }
  } else if (follow) {
    container.scrollTop = container.scrollHeight;
  }
}

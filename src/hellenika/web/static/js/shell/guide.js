// Learning at a table: "What would the bot do?" where the table allows hints (GET
// /api/tables/{id}/hint: the heuristic's choice, or a short search's with "Think harder"), and, at a guided
// first game ("Learn to play"), a panel that says at each of the player's turns what the rules allow now (the
// choices grouped by kind, in their labels' words) and quotes the part of the game's rules summary that speaks
// of them. Everything is text put in with h(), never markup.
import { get } from "./api.js";
import { byId, h } from "./dom.js";

const STOP = new Set(["the", "and", "your", "with", "from", "that", "this", "then", "into", "onto", "take", "takes",
  "their", "them", "they", "have", "each", "only", "card", "cards", "turn", "play", "plays", "player", "players"]);

let current = null; // {model, table, ui, tableId}
let hintVersion = null;
let rules = null; // the game's rules summary as [{title, text}], fetched once
let rulesGame = null;

export function wireHints() {
  byId("hint").addEventListener("click", () => ask("heuristic"));
  byId("hint-search").addEventListener("click", () => ask("search"));
}

function myTurn(model) {
  return model.seat !== null && !model.finished && model.to_move === model.seat && model.legal.length > 0;
}

// Called on every draw of the table.
export function drawLearning(model, table, ui, tableId) {
  current = { model, table, ui, tableId };
  const on = Boolean(table && table.hints) && myTurn(model);
  byId("hint").hidden = !on;
  byId("hint-search").hidden = !on;
  if (hintVersion !== model.version) {
    byId("hint-box").replaceChildren();
    hintVersion = null;
  }
  const guide = byId("guide");
  guide.hidden = !(table && table.guided);
  if (!guide.hidden) drawGuide(guide, model).catch(() => {});
}

async function ask(by) {
  if (!current) return;
  const { model, tableId, ui } = current;
  const box = byId("hint-box");
  const buttons = [byId("hint"), byId("hint-search")];
  for (const b of buttons) b.disabled = true;
  box.replaceChildren(h("span", { text: by === "search" ? "The bot is thinking…" : "Asking the bot…" }));
  hintVersion = model.version;
  try {
    const answer = await get(`/api/tables/${encodeURIComponent(tableId)}/hint?by=${by}`);
    if (!current || answer.version !== current.model.version) {
      box.replaceChildren();
      return;
    }
    box.replaceChildren(
      h("strong", { text: "The bot would choose: " }), h("span", { id: "hint-label", text: answer.hint.label }),
      h("span", { text: `. ${answer.reason}` }));
    box.dataset.index = String(answer.hint.index);
    ui.highlight([answer.hint.index]);
  } catch (error) {
    box.replaceChildren(h("span", { class: "hk-error", text: error.message }));
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

// --- the guided first game --------------------------------------------------------------------------------

async function rulesOf(game) {
  if (rules && rulesGame === game) return rules;
  const answer = await get("/api/games");
  const found = (answer.games || []).find((g) => g.name === game);
  rulesGame = game;
  rules = sections(found ? found.rules || "" : "");
  return rules;
}

function sections(markdown) {
  const out = [];
  let title = null;
  let lines = [];
  for (const line of markdown.split("\n")) {
    if (line.startsWith("## ")) {
      if (title !== null) out.push({ title, text: lines.join("\n").trim() });
      title = line.slice(3).trim();
      lines = [];
    } else if (title !== null) {
      lines.push(line);
    }
  }
  if (title !== null) out.push({ title, text: lines.join("\n").trim() });
  return out;
}

function words(text) {
  return (String(text).toLowerCase().match(/[a-zà-ž]{4,}/g) || []).filter((w) => !STOP.has(w));
}

// The rules section that shares the most words with the choices' labels (the setup and variants aside).
function relevant(all, legal) {
  const wanted = new Map();
  for (const choice of legal) for (const w of words(`${choice.label} ${choice.action && choice.action.kind}`)) wanted.set(w, 1);
  let best = null;
  let score = 0;
  for (const section of all) {
    if (/setup|variant|solo|resolution/i.test(section.title)) continue;
    const seen = new Set(words(section.text));
    let count = 0;
    for (const w of wanted.keys()) if (seen.has(w) || seen.has(w.replace(/s$/, ""))) count += 1;
    if (count > score) { best = section; score = count; }
  }
  return best;
}

function plain(markdown) {
  return markdown.replace(/\*\*|`|\*/g, "");
}

function groups(legal) {
  const byKind = new Map();
  for (const choice of legal) {
    const kind = (choice.action && choice.action.kind) || choice.notation.split(" ")[0];
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(choice);
  }
  return [...byKind.entries()];
}

async function drawGuide(guide, model) {
  const signature = `${model.version}:${model.finished}:${myTurn(model)}`;
  if (guide.dataset.signature === signature) return;
  guide.dataset.signature = signature;
  const all = await rulesOf(model.game);
  const goal = all.find((s) => /goal|aim|object/i.test(s.title)) || all[0];
  const parts = [h("h2", { class: "hk-side-heading", id: "guide-heading", text: "How to play" })];
  if (goal) parts.push(h("details", { class: "hk-rules", open: model.version < 12 }, h("summary", { text: `${goal.title}` }), h("p", { text: plain(goal.text) })));
  if (model.finished) {
    parts.push(h("p", { id: "guide-step", text: "The game is over. Review it to see which decisions mattered most (the link is under the scores)." }));
  } else if (myTurn(model)) {
    const kinds = groups(model.legal);
    parts.push(h("h3", { text: "What the rules allow now" }));
    parts.push(h("p", { id: "guide-step", text: `You have ${model.legal.length} choice${model.legal.length === 1 ? "" : "s"}${kinds.length > 1 ? ` of ${kinds.length} kinds` : ""}:` }));
    parts.push(h("ul", { id: "guide-choices" }, kinds.map(([kind, list]) => h("li", {},
      h("strong", { text: `${kind.replaceAll("_", " ")}` }),
      `: ${list.slice(0, 3).map((c) => c.label).join("; ")}${list.length > 3 ? `; and ${list.length - 3} more like these` : ""}`))));
    const why = relevant(all, model.legal);
    if (why) {
      parts.push(h("h3", { text: `Why: ${why.title}` }));
      parts.push(h("blockquote", { id: "guide-rule" }, plain(why.text).slice(0, 700)));
    }
    parts.push(h("p", { class: "hk-muted", text: "Not sure? “What would the bot do?” above suggests a move and says why." }));
  } else {
    parts.push(h("p", { id: "guide-step", text: "The bot is playing its turn; watch the board and the log. Your next choices will be explained here." }));
  }
  guide.replaceChildren(...parts);
}

// The lobby's "Find an opponent" (BGA's automatic mode; POST/GET/DELETE /api/matchmaking, docs/WEB.md): ask for
// a game of X with N players at a speed, wait up to a chosen time, and be seated with people of a close rating.
// My requests are listed with their state and a Cancel button; a request matched while this page is open takes
// the page to the new table (it is announced first, so a screen reader hears why the page changes).
import { api, get, post } from "./api.js";
import { byId, h } from "./dom.js";
import { notify, showError } from "./header.js";

const REFRESH_MS = 4000;
const WAITS = [
  [5, "5 minutes"], [10, "10 minutes"], [30, "30 minutes"], [60, "an hour"], [24 * 60, "a day"], [7 * 24 * 60, "a week"],
];
const STATUS = { waiting: "waiting for people", matched: "matched", cancelled: "cancelled", expired: "expired: nobody came" };

let games = [];
let asked = new Set(); // requests made from this page: their match opens the table
let timer = null;

function title(name) {
  const game = games.find((g) => g.name === name);
  return game ? game.title || game.name : name;
}

function speedWords(request) {
  if (request.mode !== "turn-based") return "live";
  return `turn-based, ${request.deadline_hours} h a move`;
}

function describe(request) {
  return `${title(request.game)}, ${request.players} players, ${speedWords(request)}${request.rated ? "" : ", unrated"}`;
}

function fillPlayers() {
  const game = games.find((g) => g.name === byId("mm-game").value);
  // The player counts of the game's default options (the form asks for no options).
  const [min, max] = game && Array.isArray(game.default_players) ? game.default_players : [2, 2];
  const low = Math.max(2, min);
  const high = Math.max(low, max);
  const select = byId("mm-players");
  const keep = Number(select.value) || low;
  select.replaceChildren(...Array.from({ length: Math.max(0, high - low + 1) }, (_, i) => low + i)
    .map((n) => h("option", { value: String(n), text: String(n), selected: n === Math.min(Math.max(keep, low), high) })));
}

function syncSpeed() {
  const turnBased = byId("mm-mode").value === "turn-based";
  byId("mm-deadline-row").hidden = !turnBased;
  byId("mm-deadline").required = turnBased;
}

function form() {
  const playable = games.filter((g) => Array.isArray(g.default_players) && g.default_players[1] >= 2);
  return h("form", { id: "mm-form", class: "hk-form", novalidate: true },
    h("label", { for: "mm-game", text: "Game" }),
    h("select", { id: "mm-game", name: "game", onchange: fillPlayers },
      playable.map((g) => h("option", { value: g.name, text: g.title || g.name }))),
    h("label", { for: "mm-players", text: "Players" }),
    h("select", { id: "mm-players", name: "players" }),
    h("label", { for: "mm-mode", text: "Speed" }),
    h("select", { id: "mm-mode", name: "mode", onchange: syncSpeed },
      h("option", { value: "live", text: "live: play now" }),
      h("option", { value: "turn-based", text: "turn-based: a deadline per move" })),
    h("div", { id: "mm-deadline-row", hidden: true },
      h("label", { for: "mm-deadline", text: "Hours per move" }),
      h("input", { id: "mm-deadline", name: "deadline_hours", type: "number", min: "1", max: "720", step: "1", value: "24", inputmode: "numeric" })),
    h("label", { for: "mm-wait", text: "Wait for people up to" }),
    h("select", { id: "mm-wait", name: "wait_minutes" },
      WAITS.map(([minutes, words]) => h("option", { value: String(minutes), text: words, selected: minutes === 10 }))),
    h("div", { class: "hk-option hk-check" },
      h("input", { id: "mm-rated", name: "rated", type: "checkbox", checked: true }),
      h("label", { for: "mm-rated", text: "Rated game" })),
    h("p", { class: "hk-error", id: "mm-error", role: "alert" }),
    h("button", { type: "submit", class: "hk-primary", id: "mm-ask", text: "Find me a game" }));
}

async function ask(event) {
  event.preventDefault();
  const button = byId("mm-ask");
  byId("mm-error").textContent = "";
  const body = {
    game: byId("mm-game").value,
    players: Number(byId("mm-players").value),
    mode: byId("mm-mode").value,
    rated: byId("mm-rated").checked,
    wait_minutes: Number(byId("mm-wait").value),
  };
  if (body.mode === "turn-based") body.deadline_hours = Number(byId("mm-deadline").value);
  button.disabled = true;
  try {
    const { request } = await post("/api/matchmaking", body);
    asked.add(request.id);
    await refresh();
  } catch (error) {
    byId("mm-error").textContent = error.message;
  } finally {
    button.disabled = false;
  }
}

async function cancel(request) {
  try {
    await api("DELETE", `/api/matchmaking/requests/${request.id}`);
    asked.delete(request.id);
    await refresh();
  } catch (error) {
    showError(error);
  }
}

function item(request) {
  const state = h("span", { class: "hk-muted", text: STATUS[request.status] || request.status });
  const controls = [];
  if (request.status === "waiting") {
    controls.push(h("button", { type: "button", class: "mm-cancel", "aria-label": `Cancel: ${describe(request)}`, text: "Cancel", onclick: () => cancel(request) }));
  } else if (request.status === "matched" && request.table) {
    controls.push(h("a", { href: `/tables/${encodeURIComponent(request.table)}`, text: "Go to the game" }));
  }
  return h("li", { dataset: { request: String(request.id), status: request.status } },
    h("span", { text: describe(request) }), " · ", state, " ", ...controls);
}

async function refresh() {
  let requests = [];
  let pools = [];
  try {
    [{ requests }, { pools }] = await Promise.all([get("/api/matchmaking"), get("/api/matchmaking/waiting")]);
  } catch (error) {
    showError(error);
    return;
  }
  const list = byId("mm-requests");
  list.replaceChildren(...requests.map(item));
  byId("mm-none").hidden = requests.length > 0;
  byId("mm-waiting").textContent = pools.length
    ? `Waiting now: ${pools.map((p) => `${p.waiting} for ${title(p.game)} (${p.players} players, ${speedWords(p)})`).join("; ")}.`
    : "Nobody is waiting right now: ask, and the next person who asks for the same game plays you.";
  const matched = requests.find((r) => r.status === "matched" && r.table && asked.has(r.id));
  if (matched) {
    asked.delete(matched.id);
    notify(`Your game of ${title(matched.game)} is ready: opening the table.`);
    setTimeout(() => location.assign(`/tables/${encodeURIComponent(matched.table)}`), 600);
  }
}

// Mount the panel into #matchmaking (the lobby shows it to logged-in people only).
export async function mountMatchmaking() {
  const section = byId("matchmaking");
  if (!section) return;
  try {
    const answer = await get("/api/games");
    games = Array.isArray(answer) ? answer : answer.games || [];
  } catch (error) {
    showError(error);
    return;
  }
  section.append(
    h("p", { class: "hk-muted", text: "Ask for a game and the server seats you with people of a close rating (wider the longer you wait)." }),
    form(),
    h("p", { id: "mm-waiting", class: "hk-muted", "aria-live": "polite" }),
    h("h3", { text: "My requests" }),
    h("p", { id: "mm-none", class: "hk-muted", text: "No requests in the last day." }),
    h("ul", { id: "mm-requests", class: "hk-friend-list" }));
  byId("mm-form").addEventListener("submit", ask);
  fillPlayers();
  syncSpeed();
  section.hidden = false;
  await refresh();
  clearInterval(timer);
  timer = setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
}

// The lobby: create a table (game, players, options, seats, timing), my games (those waiting for my move
// first, then the invitations I have not answered, with Accept / Decline), the open tables to join, and
// uploading a record to watch.
import { get, post } from "./api.js";
import { byId, formatTime, h } from "./dom.js";
import { loginUrl, mountHeader, notify, showError } from "./header.js";
import {
  creatorName, gameTitle, inviteBox, isCreator, isWaiting, mayJoin, modeWords, myInvitation, mySeat, seatList,
  seatsOf, STATUS_WORDS, statusOf,
} from "./tables.js";
import { agoWords, isClose, syncClock, timeLeftWords } from "./timing.js";
import { cardNotes } from "./results.js";
import { wireUpload } from "./upload.js";
import { mountFriends } from "./friends.js";
import { mountMatchmaking } from "./matchmaking.js";
import { filterQuery, mountFilters } from "./filters.js";
import { nextGameBar, setWaiting } from "./waiting.js";

const LEVELS = [
  ["easy", "easy"],
  ["medium", "medium"],
  ["hard", "hard (thinks about 1 s)"],
  ["expert", "expert (thinks about 5 s)"],
  ["trained", "trained network (PPO)"],
];
const SEAT_KINDS = [
  ["me", "me"],
  ["open", "open seat (anyone may join)"],
  ["user", "invite a user by name (they accept)"],
  ["bot", "bot"],
];
const REFRESH_MS = 4000;
const TICK_MS = 15_000;
const FINISHED_PAGE = 10;
const MAX_WATCHABLE = 20;

let games = [];
let user = null;

function selectedGame() {
  return games.find((g) => g.name === byId("game").value);
}

function playerRange(game) {
  const min = game.min_players ?? (game.players && game.players.min) ?? 1;
  const max = game.max_players ?? (game.players && game.players.max) ?? min;
  return [min, max];
}

function optionSpecs(game) {
  return Array.isArray(game.options) ? game.options : [];
}

// One input per option: a select for choices, a checkbox for yes/no, a number for a range.
function optionInput(spec) {
  const id = `option-${spec.name}`;
  const hint = spec.description ? h("small", { id: `${id}-hint`, class: "hk-muted", text: spec.description }) : null;
  const described = hint ? `${id}-hint` : null;
  const spaced = spec.name.replaceAll("_", " ");
  const words = spaced.charAt(0).toUpperCase() + spaced.slice(1);
  if (Array.isArray(spec.choices) && spec.choices.length) {
    const select = h("select", { id, name: spec.name, "aria-describedby": described, dataset: { option: spec.name, type: "choice" } },
      spec.choices.map((c) => h("option", { value: c, text: c, selected: c === spec.default })));
    return h("div", { class: "hk-option" }, h("label", { for: id, text: words }), select, hint);
  }
  if (typeof spec.default === "boolean") {
    const box = h("input", { id, type: "checkbox", name: spec.name, checked: spec.default, "aria-describedby": described, dataset: { option: spec.name, type: "bool" } });
    return h("div", { class: "hk-option hk-check" }, box, h("label", { for: id, text: words }), hint);
  }
  const number = h("input", {
    id, type: "number", name: spec.name, value: String(spec.default ?? ""), step: "1",
    min: spec.minimum ?? null, max: spec.maximum ?? null, "aria-describedby": described,
    dataset: { option: spec.name, type: "int" },
  });
  return h("div", { class: "hk-option" }, h("label", { for: id, text: words }), number, hint);
}

function drawOptions() {
  const game = selectedGame();
  const specs = optionSpecs(game);
  byId("options").replaceChildren(...specs.map((spec) => {
    const row = optionInput(spec);
    row.dataset.optionRow = spec.name;
    return row;
  }));
  for (const input of byId("options").querySelectorAll("[data-type='bool']")) input.addEventListener("change", showApplicable);
  showApplicable();
}

// An option applies only at some player counts or with a yes/no option on (GET /api/games: players, needs):
// elsewhere it keeps its default, so it is neither offered nor sent.
function optionApplies(spec, players) {
  if (Array.isArray(spec.players) && !(spec.players[0] <= players && players <= spec.players[1])) return false;
  if (!spec.needs) return true;
  const needed = byId("options").querySelector(`[data-option="${spec.needs}"]`);
  return Boolean(needed && needed.checked && !needed.closest("[data-option-row]").hidden);
}

function showApplicable() {
  const game = selectedGame();
  if (!game) return;
  const players = Number(byId("players").value);
  let shown = 0;
  for (const spec of optionSpecs(game)) {
    const row = byId("options").querySelector(`[data-option-row="${spec.name}"]`);
    if (!row) continue;
    row.hidden = !optionApplies(spec, players);
    if (!row.hidden) shown += 1;
  }
  byId("options-box").hidden = !shown;
}

function drawRules() {
  const game = selectedGame();
  const rules = game.rules || game.rules_text || "";
  byId("rules").hidden = !rules;
  byId("rules-text").replaceChildren(h("pre", { class: "hk-rules-text", text: rules }));
}

function drawPlayers() {
  const game = selectedGame();
  const [min, max] = playerRange(game);
  const players = byId("players");
  const before = Number(players.value) || 2;
  players.replaceChildren();
  for (let n = min; n <= max; n += 1) players.append(h("option", { value: String(n), text: String(n) }));
  players.value = String(Math.min(max, Math.max(min, before)));
  const count = game.players_text || (min === max ? String(min) : `${min}–${max}`);
  byId("game-hint").textContent = `Players: ${count}. ${game.summary || ""}`.trim();
}

function seatRow(i, previous) {
  const kindId = `seat-${i}-kind`;
  const kind = h("select", { id: kindId, class: "hk-seat-kind", dataset: { seat: String(i) } },
    SEAT_KINDS.map(([value, words]) => h("option", { value, text: words })));
  const nameId = `seat-${i}-user`;
  const name = h("input", { id: nameId, class: "hk-seat-user", placeholder: "their user name", autocomplete: "off", list: "friend-names" });
  const levelId = `seat-${i}-level`;
  // "trained" only where a network is shipped for this game and player count (GET /api/games).
  const trained = (selectedGame().trained_players || []).includes(Number(byId("players").value));
  const level = h("select", { id: levelId, class: "hk-seat-level" },
    LEVELS.filter(([value]) => value !== "trained" || trained)
      .map(([value, words]) => h("option", { value, text: words, selected: value === "medium" })));
  const nameLabel = h("label", { for: nameId, class: "hk-visually-hidden", text: `Seat ${i + 1}: user to invite` });
  const levelLabel = h("label", { for: levelId, class: "hk-visually-hidden", text: `Seat ${i + 1}: bot level` });
  kind.value = previous ? previous.kind : i === 0 ? "me" : "bot";
  if (previous) {
    name.value = previous.user || "";
    level.value = previous.level || "medium";
  }
  const sync = () => {
    name.hidden = nameLabel.hidden = kind.value !== "user";
    level.hidden = levelLabel.hidden = kind.value !== "bot";
  };
  kind.addEventListener("change", sync);
  sync();
  return h("div", { class: "hk-seat-row", dataset: { seat: String(i) } },
    h("label", { for: kindId, text: `Seat ${i + 1}` }), kind, nameLabel, name, levelLabel, level);
}

function readSeats() {
  return [...byId("seats").querySelectorAll(".hk-seat-row")].map((row) => {
    const kind = row.querySelector(".hk-seat-kind").value;
    const seat = { kind };
    if (kind === "user") seat.user = row.querySelector(".hk-seat-user").value.trim();
    if (kind === "bot") seat.level = row.querySelector(".hk-seat-level").value;
    return seat;
  });
}

function drawSeats() {
  const previous = byId("seats").children.length ? readSeats() : [];
  const n = Number(byId("players").value);
  byId("seats").replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, previous[i])));
}

// A friend invited from the friends list (js/shell/friends.js): the first seat that is neither mine nor
// already someone's invitation becomes theirs; with none left, one more player if the game allows it.
function inviteFriend(name) {
  const rows = () => [...byId("seats").querySelectorAll(".hk-seat-row")];
  const kindOf = (row) => row.querySelector(".hk-seat-kind").value;
  const invitee = (row) => row.querySelector(".hk-seat-user").value.trim();
  let row = rows().find((r) => kindOf(r) === "user" && invitee(r).toLowerCase() === name.toLowerCase());
  if (!row) row = rows().find((r) => kindOf(r) === "user" && !invitee(r)) || rows().find((r) => kindOf(r) !== "me" && kindOf(r) !== "user");
  if (!row) {
    const players = byId("players");
    const more = [...players.options].find((o) => Number(o.value) === Number(players.value) + 1);
    if (!more) {
      notify(`Every seat is taken: make one an open seat or a bot to invite ${name}.`, "error");
      return;
    }
    players.value = more.value;
    drawSeats();
    showApplicable();
    row = rows()[rows().length - 1];
  }
  const kind = row.querySelector(".hk-seat-kind");
  kind.value = "user";
  kind.dispatchEvent(new Event("change"));
  const input = row.querySelector(".hk-seat-user");
  input.value = name;
  input.focus();
  notify(`${name} is invited to seat ${Number(row.dataset.seat) + 1}: create the table to send the invitation.`);
}

function readOptions() {
  const options = {};
  for (const input of byId("options").querySelectorAll("[data-option]")) {
    if (input.closest("[data-option-row]").hidden) continue; // does not apply here: the default stands
    const type = input.dataset.type;
    if (type === "bool") options[input.dataset.option] = input.checked;
    else if (type === "int") options[input.dataset.option] = Number(input.value);
    else options[input.dataset.option] = input.value;
  }
  return options;
}

// The clock choices for the chosen game and mode (GET /api/games gives each game's presets), with the
// game's normal speed (live) or 3 days a move (turn-based) selected, and "no clock" for unrated tables.
function drawClocks() {
  const game = selectedGame();
  const presets = (game && game.time_controls) || { live: [], bank: [], "per-move": [] };
  const select = byId("clock");
  const before = select.value;
  const live = byId("mode").value === "live";
  const choices = live
    ? presets.live.map((p) => ({ value: JSON.stringify({ kind: "live", minutes: p.base_seconds / 60, increment: p.increment_seconds }), text: `${p.name}: ${p.label} (minutes each + seconds a turn)`, chosen: p.name === "normal" }))
    : [
      ...presets.bank.map((p) => ({ value: JSON.stringify({ kind: "bank", moves_per_day: p.moves_per_day }), text: `${p.label} (a bank of time)` })),
      ...presets["per-move"].map((p) => ({ value: JSON.stringify({ kind: "per-move", hours: p.base_seconds / 3600 }), text: p.label, chosen: p.days === 3 })),
    ];
  choices.push({ value: JSON.stringify({ kind: "none" }), text: "no clock (unrated tables only)" });
  select.replaceChildren(...choices.map((c) => h("option", { value: c.value, text: c.text, selected: Boolean(c.chosen) })));
  if (choices.some((c) => c.value === before)) select.value = before;
}

function checkForm(body) {
  if (body.seats.filter((s) => s.kind === "me").length > 1) return "Only one seat can be yours.";
  const unnamed = body.seats.findIndex((s) => s.kind === "user" && !s.user);
  if (unnamed >= 0) return `Seat ${unnamed + 1}: enter the name of the user to invite.`;
  for (const [name, value] of Object.entries(body.options)) {
    if (typeof value === "number" && !Number.isInteger(value)) return `Option ${name.replaceAll("_", " ")}: enter a whole number.`;
  }
  if (body.rated && body.time_control && body.time_control.kind === "none") {
    return "A rated table always has a clock: choose one, or untick Rated.";
  }
  return "";
}

async function createTable(event) {
  event.preventDefault();
  const error = byId("create-error");
  error.textContent = "";
  if (!user) {
    location.assign(loginUrl());
    return;
  }
  const body = {
    game: byId("game").value,
    players: Number(byId("players").value),
    options: readOptions(),
    seats: readSeats(),
    mode: byId("mode").value,
    on_timeout: byId("on-timeout").value,
    private: byId("private").checked,
    rated: byId("rated").checked,
    hints: byId("hints").checked,
  };
  if (byId("clock").value) body.time_control = JSON.parse(byId("clock").value);
  const problem = checkForm(body);
  if (problem) {
    error.textContent = problem;
    return;
  }
  const button = byId("create-button");
  button.disabled = true;
  try {
    const answer = await post("/api/tables", body);
    const table = answer.table || answer;
    location.assign(`/tables/${table.id}`);
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
  }
}

function tablesOf(answer) {
  if (Array.isArray(answer)) return answer;
  return (answer && (answer.tables || answer.items)) || [];
}

function waitingForMe(table) {
  if (typeof table.my_turn === "boolean") return table.my_turn;
  if (typeof table.waiting_for_me === "boolean") return table.waiting_for_me;
  const seat = mySeat(table, user);
  return seat !== null && table.to_move === seat && statusOf(table) !== "finished";
}

async function act(path, success, button) {
  button.disabled = true;
  try {
    await post(path);
    notify(success);
    await refresh();
  } catch (failure) {
    showError(failure);
    button.disabled = false;
  }
}

function tableCard(table, { mine }) {
  const seat = mySeat(table, user);
  const invited = mine && isWaiting(table) ? myInvitation(table, user) : null;
  const urgent = mine && waitingForMe(table);
  const title = gameTitle(table, games);
  const controls = [];
  const watching = !mine && seat === null && !isWaiting(table);
  controls.push(h("a", { class: "hk-button-link", href: `/tables/${table.id}`, text: urgent ? "Play" : watching ? "Watch" : "Open" }));
  if (!mine && mayJoin(table, user, null)) {
    const join = h("button", { type: "button", class: "hk-join", text: "Join" });
    join.addEventListener("click", async () => {
      join.disabled = true;
      try {
        await post(`/api/tables/${table.id}/join`, {});
        location.assign(`/tables/${table.id}`);
      } catch (failure) {
        showError(failure);
        join.disabled = false;
      }
    });
    controls.push(join);
  }
  if (invited !== null) {
    const accept = h("button", { type: "button", class: "hk-accept hk-primary", text: "Accept" });
    accept.addEventListener("click", () => act(`/api/tables/${table.id}/accept`, `You accepted seat ${invited + 1} at ${title} #${table.id}.`, accept));
    const decline = h("button", { type: "button", class: "hk-decline", text: "Decline" });
    decline.addEventListener("click", () => act(`/api/tables/${table.id}/decline`, `You declined ${title} #${table.id}.`, decline));
    controls.push(accept, decline);
  }
  if (mine && isWaiting(table)) {
    if (isCreator(table, user)) {
      const start = h("button", { type: "button", class: "hk-start", text: "Start" });
      start.addEventListener("click", () => act(`/api/tables/${table.id}/start`, `${title} #${table.id} started.`, start));
      controls.push(start);
    }
    if (seat !== null) {
      const leave = h("button", { type: "button", class: "hk-leave", text: "Leave" });
      leave.addEventListener("click", () => act(`/api/tables/${table.id}/leave`, `You left ${title} #${table.id}.`, leave));
      controls.push(leave);
    }
  }
  const status = STATUS_WORDS[statusOf(table)] || statusOf(table);
  const marked = urgent || invited !== null;
  return h("article", { class: `hk-table-card${marked ? " hk-urgent" : ""}`, dataset: { table: String(table.id), game: table.game } },
    h("h3", {}, h("a", { href: `/tables/${table.id}`, text: `${title} #${table.id}` }),
      urgent ? h("span", { class: "hk-badge", text: "your move" }) : null,
      invited !== null ? h("span", { class: "hk-badge", text: "invitation" }) : null),
    invited !== null
      ? h("p", { class: "hk-status hk-invitation", text: `You are invited: ${creatorName(table)} offers you seat ${invited + 1}.` })
      : null,
    h("p", { class: "hk-muted", text: `${status} · ${modeWords(table)}` }),
    cardNotes(table),
    mine ? turnLine(table, seat) : null,
    mine ? activityLine(table) : null,
    seatList(table),
    mine && isWaiting(table) && isCreator(table, user) ? inviteBox(table) : null,
    h("div", { class: "hk-controls" }, controls));
}

// Whose turn it is and the time left before the deadline (kept current by tick()).
function turnLine(table, seat) {
  if (statusOf(table) !== "playing") return null;
  const toMove = table.to_move;
  const seats = seatsOf(table);
  let whose = "Resolving chance…";
  if (typeof toMove === "number") {
    whose = toMove === seat ? "Your move" : `${seats[toMove] ? seats[toMove].name : `Seat ${toMove + 1}`} to move`;
  }
  const left = h("span", {
    class: `hk-time-left${isClose(table.turn_deadline) ? " hk-close" : ""}`,
    dataset: { deadline: table.turn_deadline || "" }, text: timeLeftWords(table.turn_deadline),
  });
  return h("p", { class: "hk-turn-line" }, h("strong", { class: "hk-whose", text: whose }), " · ", left);
}

// The last activity: the last move (or the start), the end of a finished game, the creation of a new table.
function activityLine(table) {
  const status = statusOf(table);
  const [words, when] = status === "finished"
    ? ["finished", table.finished_at]
    : status === "playing" ? ["last move", table.last_move_at || table.started_at] : ["created", table.created_at];
  if (!when) return null;
  return h("p", { class: "hk-muted hk-activity" }, `${words} `,
    h("time", { datetime: when, title: formatTime(when), dataset: { since: when }, text: agoWords(when) }));
}

// Count the time left and the time since down without redrawing the cards (which would move the focus).
function tick() {
  for (const el of document.querySelectorAll(".hk-time-left[data-deadline]")) {
    el.textContent = timeLeftWords(el.dataset.deadline);
    el.classList.toggle("hk-close", isClose(el.dataset.deadline));
  }
  for (const el of document.querySelectorAll("time[data-since]")) el.textContent = agoWords(el.dataset.since);
}

// The games waiting for my move, for the title badge and the next-game bar (the list is in urgency order).
function feedWaiting(mine) {
  const tables = mine.filter(waitingForMe).map((t) => ({
    id: t.id, game: t.game, title: t.title || t.game, turn_deadline: t.turn_deadline, last_move_at: t.last_move_at,
  }));
  setWaiting({ waiting: tables.length, tables });
}

// Finished games, a page at a time (GET /api/tables/mine/finished with the previous page's `next`).
let finishedNext = null;
let finishedKey = null; // null: not loaded yet (an empty "My games" still loads the finished ones)

async function loadFinished(more = false) {
  const box = byId("finished");
  const button = byId("finished-more");
  const query = new URLSearchParams({ limit: String(FINISHED_PAGE) });
  if (more && finishedNext) query.set("before", finishedNext);
  button.disabled = true;
  try {
    const answer = await get(`/api/tables/mine/finished?${query}`);
    const tables = tablesOf(answer);
    finishedNext = answer.next || null;
    const cards = tables.map((t) => tableCard(t, { mine: true }));
    if (more) {
      for (const old of box.querySelectorAll(".hk-table-card")) {
        if (tables.some((t) => String(t.id) === old.dataset.table)) old.remove();
      }
      box.append(...cards);
    } else {
      box.replaceChildren(...(cards.length ? cards : [h("p", { class: "hk-muted", text: "No finished games yet." })]));
    }
    if (more && cards.length) cards[0].querySelector("a").focus();
  } catch (failure) {
    showError(failure);
  } finally {
    button.hidden = !finishedNext;
    button.disabled = false;
  }
}

function drawList(container, tables, mine, empty) {
  // Redraw only what changed: a redraw every few seconds would take the keyboard focus away.
  const signature = JSON.stringify([tables, Boolean(user)]);
  if (container.dataset.signature === signature) return;
  container.dataset.signature = signature;
  if (!tables.length) {
    container.replaceChildren(h("p", { class: "hk-muted", text: empty }));
    return;
  }
  const sorted = mine ? [...tables].sort((a, b) => Number(waitingForMe(b)) - Number(waitingForMe(a))) : tables;
  container.replaceChildren(...sorted.map((t) => tableCard(t, { mine })));
}

let refreshing = false;

async function refresh() {
  if (refreshing) return;
  refreshing = true;
  try {
    const open = tablesOf(await get(`/api/tables?status=open${filterQuery()}`));
    const playing = tablesOf(await get("/api/tables?status=playing")).slice(0, MAX_WATCHABLE);
    if (user) {
      const answer = await get("/api/tables/mine");
      syncClock(answer.now);
      const mine = tablesOf(answer);
      const mineIds = new Set(mine.map((t) => t.id));
      drawList(byId("mine"), mine, true, "No games yet: create a table or join one.");
      feedWaiting(mine);
      // A game that left the list may have finished: show the first page of finished games again.
      const key = [...mineIds].join(",");
      if (key !== finishedKey) {
        finishedKey = key;
        await loadFinished();
      }
      drawList(byId("open-tables"), open.filter((t) => !mineIds.has(t.id)), false, "No open tables right now.");
      drawList(byId("playing-tables"), playing.filter((t) => !mineIds.has(t.id)), false, "No other games in play right now.");
    } else {
      byId("mine").replaceChildren(h("p", { class: "hk-muted" }, h("a", { href: loginUrl(), text: "Log in" }), " to see your games."));
      drawList(byId("open-tables"), open, false, "No open tables right now.");
      drawList(byId("playing-tables"), playing, false, "No games in play right now.");
    }
    document.body.dataset.refreshed = String(Date.now());
  } catch (failure) {
    showError(failure);
    for (const id of ["mine", "open-tables", "playing-tables"]) {
      const box = byId(id);
      if (box.querySelector(".hk-muted") && !box.querySelector(".hk-table-card")) {
        box.replaceChildren(h("p", { class: "hk-error", text: `Could not load the tables: ${failure.message}` }));
      }
    }
  } finally {
    refreshing = false;
  }
}

async function main() {
  user = await mountHeader();
  byId("guest-note").hidden = Boolean(user);
  byId("finished-section").hidden = !user;
  if (user) {
    byId("mine").before(nextGameBar());
    byId("finished-more").addEventListener("click", () => loadFinished(true));
    mountFriends(inviteFriend);
    mountMatchmaking();
  }
  wireUpload(byId("upload-form"));
  try {
    const answer = await get("/api/games");
    games = Array.isArray(answer) ? answer : answer.games || [];
  } catch (failure) {
    showError(failure);
  }
  const select = byId("game");
  select.replaceChildren(...games.map((g) => {
    const [min, max] = playerRange(g);
    return h("option", { value: g.name, text: `${g.title || g.name} (${min === max ? min : `${min}–${max}`} players)` });
  }));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) select.value = wanted;
  if (games.length) {
    drawPlayers();
    drawOptions();
    drawRules();
    drawSeats();
    drawClocks();
  }
  select.addEventListener("change", () => { drawPlayers(); drawOptions(); drawRules(); drawSeats(); drawClocks(); });
  byId("mode").addEventListener("change", drawClocks);
  // No clock is for unrated tables: choosing it unticks Rated, and ticking Rated gives a clock back.
  byId("clock").addEventListener("change", () => {
    if (JSON.parse(byId("clock").value).kind === "none") byId("rated").checked = false;
  });
  byId("players").addEventListener("change", () => { drawSeats(); showApplicable(); });
  byId("create-form").addEventListener("submit", createTable);
  // Hints are for unrated tables only (the server refuses the pair): ticking one unticks the other.
  byId("hints").addEventListener("change", () => { if (byId("hints").checked) byId("rated").checked = false; });
  byId("rated").addEventListener("change", () => {
    if (!byId("rated").checked) return;
    byId("hints").checked = false;
    if (JSON.parse(byId("clock").value || "{}").kind === "none") {
      byId("clock").value = ""; // no longer a choice kept: the mode's default clock is chosen again
      drawClocks();
    }
  });
  mountFilters(games, refresh);
  await refresh();
  document.body.dataset.ready = "1";
  setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
  setInterval(tick, TICK_MS);
}

main();

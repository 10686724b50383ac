// The table page: before the start, the seats with Join / Leave / Start and the invitation link (and, for a
// person invited by name, "You are invited" with Accept / Decline: nobody sits down without consent); in play,
// the game's board module with the table model, the generic action chooser beside it, whose turn it is, the
// deadline, the log and Undo; once finished, the score table, the record and the replay. The WebSocket keeps
// it current; a move is POSTed with the version it was chosen at.
import { drawBoard } from "../board-host.js";
import { highlightActions, renderActions } from "../actions.js";
import { ApiError, get, post } from "./api.js";
import { byId, formatTime, h } from "./dom.js";
import { loginUrl, mountHeader, notify, showError } from "./header.js";
import { LiveConnection } from "./live.js";
import { TableChat } from "./chat.js";
import { nextGameBar, refreshWaiting } from "./waiting.js";
import { renderLog } from "./log.js";
import { trackChanges } from "./changes.js";
import { scoreTable, winnerLine } from "./scores.js";
import { drawAgain, seatPeople } from "./again.js";
import { ratingText, vacationTexts } from "./results.js";
import { drawLearning, wireHints } from "./guide.js";
import { drawClocks } from "./clocks.js";
import {
  creatorName, gameTitle, inviteBox, inviteToken, isCreator, isFinished, isFull, isOpenSeat, isWaiting, mayJoin,
  modeWords, myInvitation, mySeat, pendingInvitees, playersWords, seatList, seatsOf,
} from "./tables.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const invite = new URLSearchParams(location.search).get("invite");
const WAITING_POLL_MS = 3000;
const PUSH_GRACE_MS = 600;

let user = null;
let table = null;
let model = null;
let pending = false;
// After a move is accepted, its version: the choices stay disabled until the page shows that version, so a
// second click can never be sent against the position the first one already changed.
let awaitingVersion = -1;
let live = null;
let drawing = Promise.resolve();
// A move chosen by keyboard (from the list or on the board): once the page shows the next position, the
// focus goes back to the choice list instead of falling to <body>.
let refocus = false;
// What the live region has said: the log's length, the version and turn announced last, and whether it was
// this seat's turn then; and the log's length when it last was this seat's turn.
let announced = null;
let sinceMine = null;
// The chat panel beside the log (js/shell/chat.js).
let chat = null;

const ui = {
  choose(index) { submitMove(index); },
  highlight(indices) { highlightActions(byId("actions"), indices); },
};

function setConnection(state, delay) {
  const el = byId("connection");
  el.dataset.state = state;
  el.textContent = {
    connecting: "connecting…",
    live: "● live",
    reconnecting: delay ? `reconnecting in ${Math.round(delay / 100) / 10} s…` : "reconnecting…",
    trouble: `the server is having trouble; trying again in ${Math.round((delay || 0) / 1000)} s…`,
  }[state] || state;
  el.title = {
    live: "Connected: moves appear as they happen",
    trouble: "The server cannot reach its database just now; the moves already made are kept. Waiting before trying again",
  }[state] || "Not connected: trying again";
  if (state === "live" && chat) chat.catchUp();
}

function describeSummary() {
  const options = Object.entries(table.options || {})
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${v === true ? "yes" : v === false ? "no" : v}`);
  const parts = [playersWords(table.players), ...options, modeWords(table), ...vacationTexts(table)];
  if (table.rated === false) parts.push("unrated");
  if (table.hints) parts.push(table.guided ? "a guided first game" : "hints on");
  if (model && model.seat === null && !isWaiting(table)) parts.push("you are watching (public view)");
  byId("summary").textContent = parts.join(" · ");
}

// --- before the start -----------------------------------------------------------------------------------

let waitingSignature = "";

function drawWaiting() {
  byId("waiting").hidden = false;
  chat.place(byId("waiting-controls"));
  byId("play").hidden = true;
  // The seats are polled while the table fills; redraw only on a change so the keyboard focus stays put.
  const signature = JSON.stringify([table, user && user.name]);
  if (signature === waitingSignature) return;
  waitingSignature = signature;
  byId("waiting-seats").replaceChildren(seatList(table), h("p", { class: "hk-muted", id: "waiting-note", text: waitingWords() }));
  byId("waiting-invite").replaceChildren(isCreator(table, user) ? inviteBox(table) || "" : "");
  const seat = mySeat(table, user);
  const invited = myInvitation(table, user);
  const controls = [];
  if (invited !== null) {
    byId("waiting-invite").replaceChildren(h("p", { class: "hk-status", id: "invitation",
      text: `You are invited: ${creatorName(table)} offers you seat ${invited + 1}. Accept to play, or decline.` }));
    controls.push(h("button", { type: "button", id: "accept", class: "hk-primary", text: "Accept", onclick: accept }));
    controls.push(h("button", { type: "button", id: "decline", text: "Decline", onclick: decline }));
  } else if (!user) {
    controls.push(h("a", { class: "hk-button-link", href: loginUrl(), text: "Log in to join" }));
  } else if (seat === null && mayJoin(table, user, invite)) {
    controls.push(h("button", { type: "button", id: "join", class: "hk-primary", text: invite ? "Accept the invitation" : "Join", onclick: join }));
  }
  if (seat !== null) controls.push(h("button", { type: "button", id: "leave", text: "Leave", onclick: leave }));
  if (isCreator(table, user)) {
    controls.push(h("button", { type: "button", id: "start", class: "hk-primary", text: "Start", onclick: start,
      title: isFull(table) ? "Start the game" : "Every seat must be taken (and every invitation accepted) first" }));
  }
  byId("waiting-controls").replaceChildren(...controls);
  document.body.dataset.status = "waiting";
}

function waitingWords() {
  const free = seatsOf(table).filter(isOpenSeat).length;
  const invitees = pendingInvitees(table);
  const parts = [];
  if (free) parts.push(`Waiting for ${free} more player${free > 1 ? "s" : ""}.`);
  if (invitees.length) {
    parts.push(`Waiting for ${invitees.join(", ")} to accept the invitation${invitees.length > 1 ? "s" : ""}.`);
  }
  if (parts.length) return parts.join(" ");
  return isCreator(table, user) ? "Every seat is taken: start when you are ready." : `Every seat is taken: ${creatorName(table)} starts the game.`;
}

async function tableAction(path, body, button) {
  if (button) button.disabled = true;
  try {
    const answer = await post(path, body);
    table = (answer && answer.table) || answer || table;
    await refresh(true);
    return true;
  } catch (error) {
    showError(error);
    if (button) button.disabled = false;
    return false;
  }
}

function join(event) {
  const body = {};
  if (invite) body.invite = inviteToken({ invite });
  tableAction(`/api/tables/${tableId}/join`, body, event.currentTarget);
}

async function leave(event) {
  if (await tableAction(`/api/tables/${tableId}/leave`, {}, event.currentTarget)) notify("You left the table.");
}

async function accept(event) {
  if (await tableAction(`/api/tables/${tableId}/accept`, {}, event.currentTarget)) notify("You accepted: the seat is yours.");
}

async function decline(event) {
  if (await tableAction(`/api/tables/${tableId}/decline`, {}, event.currentTarget)) notify("You declined the invitation.");
}

function start(event) {
  tableAction(`/api/tables/${tableId}/start`, {}, event.currentTarget);
}

// --- in play ---------------------------------------------------------------------------------------------

function turnWords() {
  if (model.finished) return model.end_text ? `Game over: ${model.end_text}` : "Game over";
  if (model.to_move === null || model.to_move === undefined) return "…";
  if (model.seat !== null && model.to_move === model.seat) return "Your turn";
  return `Waiting for ${model.names[model.to_move] ?? `Player ${model.to_move + 1}`}`;
}

function drawDeadline() {
  const el = byId("deadline");
  const control = table && table.time_control;
  const kind = control ? control.kind : "none";
  if (!table || model.finished || (kind === "none" && !table.deadline_hours)) {
    el.hidden = true;
    return;
  }
  const onTimeout = table.on_timeout === "forfeit" ? "the late player forfeits"
    : kind === "live" ? "the others decide: a bot plays the turn, or the game ends" : "a bot plays the late player's turn";
  el.hidden = false;
  const away = (table.seats || [])[model.to_move];
  if (away && away.on_vacation_until && kind !== "live") {
    el.textContent = `${away.name} is on vacation until ${formatTime(away.on_vacation_until)}: the deadline waits.`;
    return;
  }
  const due = table.turn_deadline;
  if (kind === "live") {
    el.hidden = true; // the clocks show it; what a timeout does is in the summary line
  } else {
    el.textContent = due
      ? `Next move due by ${formatTime(due)}; after that ${onTimeout}.`
      : `${control.label}; when a player's time runs out, ${onTimeout}.`;
  }
}

// A live table where a player's time ran out: the others decide (a bot plays that turn, or the game ends with
// that player last); the late player is told and may still move meanwhile.
function drawTimeoutAsk() {
  const box = byId("timeout-ask");
  const clock = table && table.clock;
  const late = clock ? clock.expired : null;
  if (late === null || late === undefined || model.finished) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const name = model.names[late] ?? `Player ${late + 1}`;
  box.hidden = false;
  if (model.seat === late) {
    box.replaceChildren(h("p", { text: "Your time ran out: the others are deciding whether a bot plays your turn. You can still move." }));
  } else if (model.seat !== null && model.seat !== undefined) {
    const decide = (decision) => async (event) => {
      if (await tableAction(`/api/tables/${tableId}/timeout`, { decision }, event.currentTarget)) {
        notify(decision === "bot" ? `A bot plays ${name}'s turn.` : "The game is over.");
      }
    };
    box.replaceChildren(
      h("p", { text: `${name} ran out of time. What now?` }),
      h("p", { class: "hk-controls" },
        h("button", { type: "button", id: "timeout-bot", onclick: decide("bot") }, `Let a bot play ${name}'s turn`),
        h("button", { type: "button", id: "timeout-end", onclick: decide("end") }, `End the game, ${name} last`)),
    );
  } else {
    box.replaceChildren(h("p", { text: `${name} ran out of time: the players decide what happens.` }));
  }
}

// Ending by agreement: every player at the table votes to abandon; the game then ends unrated, no winner.
function drawAbandon() {
  const button = byId("abandon");
  const votes = byId("abandon-votes");
  const seated = model.seat !== null && model.seat !== undefined && !model.finished;
  const voted = (table && table.abandon_votes) || [];
  button.hidden = !seated;
  button.textContent = voted.includes(model.seat) ? "Take back my vote to abandon" : "Offer to abandon";
  votes.hidden = !voted.length || model.finished;
  votes.textContent = voted.length
    ? `Voted to abandon: ${voted.map((s) => model.names[s] ?? `Player ${s + 1}`).join(", ")}. The game ends, unrated, once every player agrees; a move takes the votes back.`
    : "";
}

async function voteAbandon(event) {
  const button = event.currentTarget;
  const voted = ((table && table.abandon_votes) || []).includes(model.seat);
  if (!voted && !window.confirm("Offer to abandon the game? It ends, unrated and with no winner, once every player agrees.")) return;
  if (await tableAction(`/api/tables/${tableId}/abandon`, { vote: !voted }, button)) {
    button.disabled = false;
    notify(voted ? "Your vote to abandon is taken back." : "You offered to abandon the game.");
  }
}

function canUndo() {
  const flag = model.can_undo ?? (table && table.can_undo);
  if (typeof flag === "boolean") return flag;
  return model.seat !== null && !model.finished && model.to_move === model.seat && model.version > 0;
}

function drawResult() {
  const result = byId("result");
  result.hidden = !model.finished;
  if (!model.finished) return;
  byId("winner").textContent = winnerLine(model);
  const rating = ratingText(table);
  byId("scores").replaceChildren(scoreTable(model, seatPeople(table)), rating ? h("p", { class: "hk-muted", id: "rating-note", text: `This game is ${rating}.` }) : "");
  if (table) drawAgain(byId("again"), table, user); // Play again (js/shell/again.js)
  const link = byId("record-link");
  link.href = `/api/tables/${tableId}/record`;
  link.setAttribute("download", `hellenika-${model.game}-${tableId}.json`);
  // A finished table's id is also a replay id (docs/WEB.md); ?table= lets the replay page offer the record.
  byId("replay-link").href = `/replays/${encodeURIComponent(tableId)}?table=${encodeURIComponent(tableId)}`;
  // The post-game review: the search's verdict on each of my decisions, the biggest mistakes first.
  byId("review-link").href = `/replays/${encodeURIComponent(tableId)}/review`;
}

function focusInside(element) {
  const active = document.activeElement;
  return Boolean(active && active !== document.body && element.contains(active));
}

function drawActions() {
  const actions = byId("actions");
  const hadFocus = focusInside(actions) || focusInside(byId("board"));
  byId("actions-heading").textContent = model.seat === null ? "Watching" : "Your choices";
  if (model.seat === null) {
    actions.replaceChildren(h("p", { class: "hk-muted", text: model.finished ? "The game is over." : "You are watching: only the players can move." }));
  } else {
    renderActions(actions, model, ui);
  }
  const busy = pending || model.version < awaitingVersion;
  for (const button of actions.querySelectorAll("button")) button.disabled = busy;
  const lost = !document.activeElement || document.activeElement === document.body;
  if (hadFocus || (refocus && lost)) {
    // The first enabled choice, or the list itself while the choices wait (it is focusable by script only).
    const first = actions.querySelector(".hk-actions button:not([disabled]):not([hidden])")
      || (busy ? null : actions.querySelector("input"));
    (first || actions).focus({ preventScroll: !first });
    refocus = !first || busy;
  } else if (!lost) {
    refocus = false;
  }
  drawDock();
}

// The bar of the docked choices on narrow screens: whose turn it is and how many choices there are.
function drawDock() {
  const count = model.seat === null ? 0 : model.legal.length;
  const words = turnWords();
  byId("dock-summary").textContent = count ? `${words} · ${count} choice${count === 1 ? "" : "s"}` : words;
  padForDock();
}

function padForDock() {
  const dock = byId("dock");
  const docked = getComputedStyle(dock).position === "fixed" && !byId("play").hidden;
  document.body.style.paddingBottom = docked ? `${Math.ceil(dock.getBoundingClientRect().height) + 8}px` : "";
}

function toggleDock() {
  const toggle = byId("dock-toggle");
  const open = toggle.getAttribute("aria-expanded") !== "true";
  toggle.setAttribute("aria-expanded", String(open));
  padForDock();
}

// The polite live region: whose turn it is, and in words what the others did since the last position shown.
// When the turn comes back to this seat it says everything the others did since its own turn, so the last
// words a screen reader reads before "Your turn" are the whole of the others' turns, however the pushes of
// those turns were split or merged.
function announce() {
  const log = model.log || [];
  const mine = model.seat !== null && model.to_move === model.seat && !model.finished;
  const turn = turnWords();
  let from = null;
  if (announced && model.version > announced.version) {
    from = announced.length;
    if (mine && !announced.mine && sinceMine !== null) from = Math.min(from, sinceMine);
  }
  const lines = from === null ? [] : log.slice(from).filter((line) => model.seat === null || line.actor !== model.seat);
  const changed = !announced || model.version !== announced.version || turn !== announced.turn;
  if (mine) sinceMine = log.length;
  announced = { version: model.version, length: log.length, turn, mine };
  if (!changed) return;
  const region = byId("announce");
  const sentence = (words) => (/[.!?:]$/.test(words.trim()) ? words.trim() : `${words.trim()}.`);
  region.textContent = [...lines.slice(-6).map((line) => line.text), turn].map(sentence).join(" ");
}

async function drawModel() {
  byId("waiting").hidden = true;
  byId("play").hidden = false;
  chat.place(byId("log"));
  const turn = byId("turn");
  turn.textContent = turnWords();
  turn.classList.toggle("hk-your-turn", model.seat !== null && model.to_move === model.seat && !model.finished);
  document.title = `${turn.textContent === "Your turn" ? "Your turn · " : ""}${model.title} #${tableId} — Hellenika`;
  byId("title").textContent = `${model.title} #${tableId}`;
  describeSummary();
  drawClocks(byId("clocks"), table, model); // the seats' time, the running one ticking (js/shell/clocks.js)
  drawDeadline();
  drawTimeoutAsk();
  drawAbandon();
  drawActions();
  drawLearning(model, table, ui, tableId); // hints and the guided game's explanations (js/shell/guide.js)
  byId("undo").hidden = !canUndo();
  byId("resign").hidden = model.seat === null || model.finished;
  drawResult();
  renderLog(byId("log"), model.log, model.names);
  announce();
  await drawBoard(byId("board"), model, ui);
  trackChanges(byId("board"), model, awaitingVersion);
  document.body.dataset.status = model.finished ? "finished" : "playing";
  document.body.dataset.version = String(model.version);
  document.body.dataset.seat = model.seat === null ? "" : String(model.seat);
  document.body.dataset.toMove = model.to_move === null ? "" : String(model.to_move);
}

// Draw one model after another (a board import is asynchronous), always ending with the newest. A table's
// version only grows (undo included), so an older model is never drawn over a newer one: an answer to a GET
// sent before a push may arrive after it (a bot moving at once after the start did this, and the page then
// waited for a turn it already had).
function show(next) {
  if (model && next.version < model.version) return drawing;
  model = next;
  if (next.table) table = next.table;
  drawing = drawing.then(() => (model === next ? drawModel() : null)).catch((error) => {
    console.error("drawing the table failed", error);
    notify(`The page could not draw the table: ${error.message}`, "error");
  });
  return drawing;
}

async function fetchState() {
  const answer = await get(`/api/tables/${tableId}/state`);
  await show(answer);
}

function moveError(message) {
  byId("move-error").textContent = message;
}

async function submitMove(index) {
  if (pending || !model || !model.legal[index]) return;
  pending = true;
  moveError("");
  refocus = focusInside(byId("actions")) || focusInside(byId("board"));
  const sent = model;
  for (const button of byId("actions").querySelectorAll("button")) button.disabled = true;
  try {
    const answer = await post(`/api/tables/${tableId}/moves`, { version: sent.version, action: sent.legal[index].action });
    const version = answer && typeof answer.version === "number" ? answer.version : sent.version + 1;
    awaitingVersion = version;
    // The push normally arrives first; fetch only if it has not.
    setTimeout(() => { if (model.version < version) fetchState().catch(showError); }, PUSH_GRACE_MS);
  } catch (error) {
    awaitingVersion = -1;
    moveError(error.message);
    if (error instanceof ApiError && (error.status === 409 || error.status === 422)) await fetchState().catch(showError);
  } finally {
    pending = false;
    if (model) drawActions();
  }
}

async function undo() {
  const button = byId("undo");
  button.disabled = true;
  moveError("");
  try {
    await post(`/api/tables/${tableId}/undo`, { version: model.version });
    awaitingVersion = -1;
    await fetchState();
    notify("Your last move was taken back.");
  } catch (error) {
    moveError(error.message);
  } finally {
    button.disabled = false;
  }
}

async function resign(event) {
  const button = event.currentTarget;
  if (!window.confirm("Resign? You forfeit the game: it ends now and you take the last place.")) return;
  button.disabled = true;
  try {
    await post(`/api/tables/${tableId}/leave`);
    notify("You resigned.");
    await refresh(true);
  } catch (error) {
    showError(error);
  } finally {
    button.disabled = false;
  }
}

// --- keeping current -------------------------------------------------------------------------------------

function onPush(data) {
  if (!data || typeof data !== "object") return;
  if (chat && chat.receive(data)) return;
  // A change here may make this game (or end it being) one waiting for me: the title badge asks again.
  if (data.type === "state" || data.table) refreshWaiting();
  if (data.type === "state" && data.view !== undefined) {
    show(data);
  } else if (data.table) {
    table = data.table;
    refresh(true);
  } else if (data.type === "error" && data.detail) {
    showError(new Error(data.detail));
  }
}

let refreshing = false;

async function refresh(afterChange = false) {
  if (refreshing && !afterChange) return;
  refreshing = true;
  try {
    const answer = await get(`/api/tables/${tableId}`);
    table = answer.table || answer;
    byId("title").textContent = `${gameTitle(table)} #${tableId}`;
    if (isWaiting(table)) {
      describeSummary();
      drawWaiting();
    } else if (!model || afterChange || isFinished(table) !== Boolean(model.finished)) {
      await fetchState();
    }
  } catch (error) {
    if (error.status === 404) {
      byId("title").textContent = "No such table";
      byId("summary").textContent = `Table ${tableId} does not exist. Back to the lobby to find another.`;
      byId("connection").hidden = true;
      if (live) live.close();
      document.body.dataset.status = "missing";
    } else {
      showError(error);
    }
  } finally {
    refreshing = false;
  }
}

async function main() {
  user = await mountHeader();
  if (user) byId("summary").after(nextGameBar());
  byId("undo").addEventListener("click", undo);
  byId("resign").addEventListener("click", resign);
  byId("abandon").addEventListener("click", voteAbandon);
  wireHints();
  byId("dock-toggle").addEventListener("click", toggleDock);
  window.addEventListener("resize", () => { if (model) padForDock(); });
  chat = new TableChat(tableId, user);
  await refresh();
  if (document.body.dataset.status !== "missing") await chat.start(table);
  if (document.body.dataset.status === "missing") return;
  live = new LiveConnection(`/ws/tables/${encodeURIComponent(tableId)}`, {
    onMessage: onPush,
    onStatus: setConnection,
    version: () => (model ? model.version : null),
  });
  // Joins and starts may come from other people's pages: look again while the table is filling.
  setInterval(() => { if (table && isWaiting(table) && !document.hidden) refresh(); }, WAITING_POLL_MS);
  document.body.dataset.ready = "1";
}

main();

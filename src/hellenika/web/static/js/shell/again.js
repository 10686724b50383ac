// "Play again" under the score table of a finished game (POST /api/tables/{id}/again, docs/WEB.md): a
// player offers a new table with the same game, options and seats rotated by one, bots kept. The others see
// the offer ("Play again: accept / decline", the lobby's invitation underneath), and those seated there get
// "Go to the new table". The old table's JSON names the new one (`next_table`), pushed at once; the box also
// asks GET /api/tables/{id}/again now and then, which reads the database (several server processes).
import { get, post } from "./api.js";
import { h } from "./dom.js";
import { notify, showError } from "./header.js";
import { creatorName, pendingInvitees, seatPerson } from "./tables.js";

const POLL_MS = 5000;

let box = null;
let oldId = null;
let me = null;
let nextId = null;
let player = false;
let signature = "";
let timer = null;
// Once the new game has started nothing more can change here: the box stops asking.
let settled = false;

// Per participant the person whose profile the score table links to (bots and automata: none).
export function seatPeople(table) {
  return (table && Array.isArray(table.seats) ? table.seats : []).map(seatPerson);
}

// Draw (or keep) the box for the finished `table`; `user` is the viewer or null.
export function drawAgain(container, table, user) {
  box = container;
  oldId = table.id;
  me = user;
  player = Boolean(user) && typeof table.my_seat === "number";
  if (table.next_table) nextId = table.next_table;
  if (!timer && !settled) timer = setInterval(poll, POLL_MS);
  return render();
}

async function poll() {
  if (!box || !box.isConnected || document.hidden) return;
  try {
    const answer = await get(`/api/tables/${encodeURIComponent(oldId)}/again`);
    if (answer.table) nextId = answer.table.id;
    await render(answer.table);
  } catch {
    // A missed look is made up by the next one (or the push).
  }
}

async function render(known = null) {
  if (!nextId) {
    show("none", player
      ? [h("p", { class: "hk-muted", text: "Another game with the same players? The seats move one place, so someone else begins." }),
        h("p", { class: "hk-controls" }, h("button", { type: "button", class: "hk-primary", id: "play-again", text: "Play again", onclick: offer }))]
      : []);
    return;
  }
  let table = known;
  if (!table) {
    try {
      table = (await get(`/api/tables/${encodeURIComponent(nextId)}`)).table;
    } catch (error) {
      showError(error);
      return;
    }
  }
  const link = h("a", { class: "hk-button-link", id: "again-go", href: `/tables/${encodeURIComponent(table.id)}`, text: "Go to the new table" });
  const state = [table.id, table.status, table.my_invitation, table.my_seat, JSON.stringify(table.seats)].join("|");
  if (table.my_invitation) {
    show(state, [
      h("p", { class: "hk-status", id: "again-offer", text: `Play again: ${creatorName(table)} offers a new game with the same players.` }),
      h("p", { class: "hk-controls" },
        h("button", { type: "button", class: "hk-primary", id: "again-accept", text: "Accept", onclick: (e) => answer(e, table, "accept") }),
        h("button", { type: "button", id: "again-decline", text: "Decline", onclick: (e) => answer(e, table, "decline") }),
        link),
    ]);
    return;
  }
  if (table.status !== "waiting" && timer) {
    settled = true;
    clearInterval(timer);
    timer = null;
  }
  const waiting = pendingInvitees(table);
  const words = table.status !== "waiting"
    ? "The new game has started."
    : waiting.length ? `A new table is ready: waiting for ${waiting.join(", ")} to accept.` : "A new table is ready.";
  show(state, [h("p", { class: "hk-status", id: "again-status", text: words }), h("p", { class: "hk-controls" }, link)]);
}

function show(state, children) {
  if (state === signature) return;
  const focused = box.contains(document.activeElement) ? document.activeElement.id : "";
  signature = state;
  box.replaceChildren(...children);
  box.hidden = !children.length;
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

async function offer(event) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    const answer = await post(`/api/tables/${encodeURIComponent(oldId)}/again`);
    nextId = answer.table.id;
    await render(answer.table);
    if (me) notify(answer.created ? "A new table is ready: the others are invited." : "The new table was already offered.");
    const go = document.getElementById("again-go") || document.getElementById("again-accept");
    if (go) go.focus();
  } catch (error) {
    showError(error);
    button.disabled = false;
  }
}

async function answer(event, table, what) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    await post(`/api/tables/${encodeURIComponent(table.id)}/${what}`);
    if (what === "accept") {
      location.assign(`/tables/${encodeURIComponent(table.id)}`);
      return;
    }
    notify("You declined the new game.");
    signature = "";
    await render();
  } catch (error) {
    showError(error);
    button.disabled = false;
  }
}

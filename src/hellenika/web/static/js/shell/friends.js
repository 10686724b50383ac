// The lobby's friends (GET/POST/DELETE /api/me/friends, docs/WEB.md): my list with Add and Remove, an
// Invite button that gives a friend a seat of the table being created (an invitation they accept, as any
// other), the friends' names offered in the seats' name fields, and "Friends playing now" with Watch links.
import { api, get, post } from "./api.js";
import { byId, h } from "./dom.js";
import { notify, showError } from "./header.js";
import { personLink } from "./tables.js";

const REFRESH_MS = 8000;

let invite = () => {};
let signature = "";

function friendPath(name) {
  return `/api/me/friends/${encodeURIComponent(name)}`;
}

function friendItem(friend) {
  const name = friend.user.name;
  const playing = friend.playing.length;
  return h("li", { dataset: { friend: name } },
    personLink(name),
    playing ? h("span", { class: "hk-muted", text: `playing ${playing} game${playing === 1 ? "" : "s"}` }) : null,
    h("span", { class: "hk-spacer" }),
    h("button", { type: "button", class: "hk-invite-friend", "aria-label": `Invite ${name} to the new table`, text: "Invite",
      onclick: () => invite(name) }),
    h("button", { type: "button", class: "hk-remove-friend", "aria-label": `Remove ${name} from friends`, text: "Remove",
      onclick: (event) => remove(event, name) }));
}

function playingCard(friend, table) {
  return h("article", { class: "hk-table-card", dataset: { table: table.id, game: table.game } },
    h("h3", {}, h("a", { href: table.watch_url, text: `${table.title} #${table.id}` })),
    h("p", {}, personLink(friend.user.name), ` is playing · ${table.mode}`),
    h("p", { class: "hk-muted", text: `Players: ${table.names.join(", ")}` }),
    h("p", { class: "hk-controls" }, h("a", { class: "hk-button-link", href: table.watch_url, text: "Watch" })));
}

function draw(friends) {
  const key = JSON.stringify(friends);
  if (key === signature) return;
  signature = key;
  const focused = document.activeElement && byId("friends").contains(document.activeElement)
    ? document.activeElement.closest("li")?.dataset.friend : null;
  byId("friends").replaceChildren(...(friends.length
    ? friends.map(friendItem)
    : [h("li", { class: "hk-muted", text: "No friends yet: add someone you play with." })]));
  if (focused) byId("friends").querySelector(`li[data-friend="${CSS.escape(focused)}"] button`)?.focus();
  byId("friend-names").replaceChildren(...friends.map((f) => h("option", { value: f.user.name })));
  const cards = friends.flatMap((f) => f.playing.map((t) => playingCard(f, t)));
  byId("friends-playing").replaceChildren(...(cards.length
    ? cards
    : [h("p", { class: "hk-muted", text: "None of your friends is playing a public game right now." })]));
}

export async function refreshFriends() {
  try {
    draw((await get("/api/me/friends")).friends || []);
  } catch (error) {
    showError(error);
  }
}

async function add(event) {
  event.preventDefault();
  const input = byId("friend-name");
  const error = byId("friend-error");
  const name = input.value.trim();
  error.textContent = "";
  if (!name) {
    error.textContent = "Enter the name of the player to add.";
    return;
  }
  try {
    const answer = await post(friendPath(name));
    input.value = "";
    notify(answer.added ? `${answer.friend.user.name} is now in your friends.` : `${answer.friend.user.name} was already in your friends.`);
    await refreshFriends();
  } catch (failure) {
    error.textContent = failure.message;
  }
}

async function remove(event, name) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    await api("DELETE", friendPath(name));
    notify(`${name} is no longer in your friends.`);
    await refreshFriends();
    byId("friend-name").focus();
  } catch (failure) {
    showError(failure);
    button.disabled = false;
  }
}

// Show the friends' sections (for a logged-in user); `inviteFriend(name)` gives a friend a seat of the form.
export async function mountFriends(inviteFriend) {
  invite = inviteFriend;
  byId("friends-section").hidden = false;
  byId("friends-playing-section").hidden = false;
  byId("friend-form").addEventListener("submit", add);
  await refreshFriends();
  setInterval(() => { if (!document.hidden) refreshFriends(); }, REFRESH_MS);
}

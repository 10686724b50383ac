// The table's chat beside the log (docs/WEB.md "Chat, mutes and blocks"): the players' lines and the system
// lines ("bob joined") in one list, the spectators' lines in their own list that can be hidden, a form to
// write, and per author a Mute button (the muted are listed with Unmute). The history comes from
// GET /api/tables/{id}/chat; new lines arrive on the table's WebSocket as {"type": "chat", "message"} and
// are fetched again (?after=) whenever the socket (re)connects. Every text goes in through h() (textContent),
// never as HTML. A private table's chat is for its people (its players, invitees and creator) and whoever
// opened the page with its invitation link (?invite=, passed on to the chat's requests); for anyone else
// the panel says so and asks nothing.
import { reportButton } from "./report.js";
import { api, get, post } from "./api.js";
import { h } from "./dom.js";
import { loginUrl } from "./header.js";
import { ensureStylesheet } from "./log.js";

const STYLESHEET = new URL("../../css/chat.css", import.meta.url).href;
const HIDE_KEY = "hk-chat-hide-spectators";
const MAX_TEXT = 500;

function timeWords(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

// Follow new lines at the bottom unless the reader has scrolled up.
function appendFollowing(list, node) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  list.append(node);
  if (atBottom) list.scrollTop = list.scrollHeight;
}

// Whether `user` is one of a private table's people (seated, invited by name, or its creator).
function isMember(table, user) {
  if (!user) return false;
  if (table.creator && table.creator.id === user.id) return true;
  return (table.seats || []).some((s) => s.user && s.user.id === user.id && (s.kind === "user" || s.kind === "invited"));
}

export class TableChat {
  constructor(tableId, user) {
    this.tableId = tableId;
    this.user = user;
    this.invite = new URLSearchParams(location.search).get("invite");
    this.closed = false;
    this.seen = new Set();
    this.lastId = 0;
    this.muted = new Map(); // name (lower case) -> name
    ensureStylesheet(STYLESHEET);
    this.panel = document.getElementById("chat") || h("section", { id: "chat" });
    this.panel.classList.add("hk-chat");
    this.panel.setAttribute("aria-labelledby", "chat-heading");
    this.build();
  }

  build() {
    this.list = h("div", { id: "chat-list", class: "hk-chat-list", role: "log", tabindex: "0",
      "aria-labelledby": "chat-heading" });
    this.spectators = h("div", { id: "chat-spectators", class: "hk-chat-list hk-chat-spectators", role: "log",
      tabindex: "0", "aria-labelledby": "chat-spectators-heading" });
    const hidden = sessionStorage.getItem(HIDE_KEY) === "1";
    this.toggle = h("button", { type: "button", id: "chat-toggle", class: "hk-chat-toggle",
      "aria-controls": "chat-spectators", "aria-expanded": String(!hidden), onclick: () => this.toggleSpectators() },
      hidden ? "Show" : "Hide");
    this.spectators.hidden = hidden;
    this.error = h("p", { id: "chat-error", class: "hk-error", role: "alert" });
    this.mutedLine = h("p", { id: "chat-muted", class: "hk-muted hk-chat-muted", hidden: true });
    let form;
    if (this.user) {
      this.input = h("input", { id: "chat-text", type: "text", maxlength: String(MAX_TEXT), autocomplete: "off",
        placeholder: "Say something…" });
      this.send = h("button", { type: "submit", id: "chat-send", text: "Send" });
      form = h("form", { id: "chat-form", class: "hk-chat-form", onsubmit: (event) => this.submit(event) },
        h("label", { for: "chat-text", class: "hk-visually-hidden", text: "Chat message" }), this.input, this.send);
    } else {
      form = h("p", { class: "hk-muted" }, h("a", { href: loginUrl(), text: "Log in to chat" }));
    }
    this.panel.replaceChildren(
      h("h2", { class: "hk-side-heading", id: "chat-heading", text: "Chat" }),
      this.list,
      h("div", { class: "hk-chat-spectators-head" },
        h("h3", { id: "chat-spectators-heading", text: "Spectators' chat" }), this.toggle),
      this.spectators,
      form,
      this.error,
      this.mutedLine,
    );
  }

  // Put the panel right after `anchor` (the log while playing, the seats while the table fills).
  place(anchor) {
    if (anchor && anchor.nextElementSibling !== this.panel) anchor.after(this.panel);
  }

  toggleSpectators() {
    const hide = !this.spectators.hidden;
    this.spectators.hidden = hide;
    this.toggle.setAttribute("aria-expanded", String(!hide));
    this.toggle.textContent = hide ? "Show" : "Hide";
    sessionStorage.setItem(HIDE_KEY, hide ? "1" : "0");
  }

  // `table`: the table as the page read it; the chat of a private one opens only to its people.
  async start(table) {
    if (table && table.private && !this.invite && !isMember(table, this.user)) {
      this.closed = true;
      this.panel.replaceChildren(
        h("h2", { class: "hk-side-heading", id: "chat-heading", text: "Chat" }),
        h("p", { id: "chat-private", class: "hk-muted", text: "This table is private: its chat is for its players." }),
      );
      this.panel.dataset.ready = "1";
      return;
    }
    await Promise.all([this.reload(), this.loadMutes()]);
  }

  // The chat's address with the invitation token of the page's link, if any.
  address(query = "") {
    const params = new URLSearchParams(query);
    if (this.invite) params.set("invite", this.invite);
    const text = params.toString();
    return `/api/tables/${encodeURIComponent(this.tableId)}/chat${text ? `?${text}` : ""}`;
  }

  async loadMutes() {
    if (!this.user) return;
    try {
      const answer = await get("/api/me/mutes");
      this.muted = new Map(answer.users.map((u) => [u.name.toLowerCase(), u.name]));
      this.drawMuted();
    } catch {
      // The chat works without the list; the Mute buttons still do.
    }
  }

  // The whole history again (first load, after an unmute, or when the server says so).
  async reload() {
    if (this.closed) return;
    try {
      const answer = await get(this.address());
      this.seen.clear();
      this.lastId = 0;
      this.list.replaceChildren();
      this.spectators.replaceChildren();
      for (const message of answer.messages) this.add(message);
      this.list.scrollTop = this.list.scrollHeight;
      this.spectators.scrollTop = this.spectators.scrollHeight;
      this.panel.dataset.ready = "1";
    } catch (error) {
      this.error.textContent = `The chat could not be loaded: ${error.message}`;
    }
  }

  // What was said while the socket was away.
  async catchUp() {
    if (this.closed) return;
    try {
      const answer = await get(this.address(`after=${this.lastId}`));
      for (const message of answer.messages) this.add(message);
    } catch {
      // The next (re)connection tries again.
    }
  }

  // A WebSocket message of the table: answers whether it was the chat's.
  receive(data) {
    if (data.type === "chat" && data.message) {
      this.add(data.message);
      return true;
    }
    if (data.type === "chat_reload") {
      this.reload();
      return true;
    }
    return false;
  }

  add(message) {
    if (!message || this.seen.has(message.id)) return;
    const author = message.author;
    if (author && this.muted.has(author.name.toLowerCase())) return;
    this.seen.add(message.id);
    this.lastId = Math.max(this.lastId, message.id);
    const line = this.line(message);
    appendFollowing(message.channel === "spectators" ? this.spectators : this.list, line);
  }

  line(message) {
    const when = timeWords(message.created_at);
    const attrs = { class: `hk-chat-line hk-chat-${message.channel}`, dataset: { id: String(message.id),
      channel: message.channel } };
    if (!message.author) {
      return h("p", attrs, h("span", { class: "hk-chat-time", text: when }), " ", message.text);
    }
    const name = message.author.name;
    attrs.dataset.author = name;
    const parts = [
      h("span", { class: "hk-chat-time", text: when }), " ",
      h("a", { class: "hk-chat-author", href: `/users/${encodeURIComponent(name)}`, text: name }), ": ",
      h("span", { class: "hk-chat-text", text: message.text }),
    ];
    if (this.user && this.user.id !== message.author.id) {
      parts.push(" ", h("button", { type: "button", class: "hk-chat-mute", text: "Mute",
        "aria-label": `Mute ${name}`, onclick: (event) => this.mute(name, event.currentTarget) }),
      " ", reportButton(name, { table: this.tableId, message: message.id }));
    }
    return h("p", attrs, ...parts);
  }

  async submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) {
      this.error.textContent = "Write something first.";
      return;
    }
    this.send.disabled = true;
    this.error.textContent = "";
    try {
      const body = this.invite ? { text, invite: this.invite } : { text };
      const answer = await post(`/api/tables/${encodeURIComponent(this.tableId)}/chat`, body);
      this.add(answer.message);
      this.input.value = "";
    } catch (error) {
      this.error.textContent = error.message;
    } finally {
      this.send.disabled = false;
      this.input.focus();
    }
  }

  async mute(name, button) {
    if (button) button.disabled = true;
    try {
      await post(`/api/me/mutes/${encodeURIComponent(name)}`);
      this.muted.set(name.toLowerCase(), name);
      for (const node of this.panel.querySelectorAll(".hk-chat-line[data-author]")) {
        if (node.dataset.author.toLowerCase() === name.toLowerCase()) node.remove();
      }
      this.drawMuted();
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = error.message;
      if (button) button.disabled = false;
    }
  }

  async unmute(name) {
    try {
      await api("DELETE", `/api/me/mutes/${encodeURIComponent(name)}`);
      this.muted.delete(name.toLowerCase());
      this.drawMuted();
      await this.reload();
    } catch (error) {
      this.error.textContent = error.message;
    }
  }

  drawMuted() {
    const names = [...this.muted.values()];
    this.mutedLine.hidden = names.length === 0;
    const items = names.map((name) => h("span", { class: "hk-chat-muted-name" }, name, " ",
      h("button", { type: "button", class: "hk-chat-unmute", text: "Unmute", "aria-label": `Unmute ${name}`,
        onclick: () => this.unmute(name) })));
    this.mutedLine.replaceChildren("Muted: ", ...items);
  }
}

// The replay of a finished table: its chat read-only, each line shown from its step on (GET .../chat gives a
// finished table's lines their `step`: the actions made when it was written).
export class ReplayChat {
  constructor(tableId) {
    this.tableId = tableId;
    this.messages = [];
    this.step = 0;
    ensureStylesheet(STYLESHEET);
    this.panel = document.getElementById("chat");
    this.list = h("div", { id: "chat-list", class: "hk-chat-list", role: "log", tabindex: "0",
      "aria-labelledby": "chat-heading" });
    this.panel.classList.add("hk-chat");
    this.panel.replaceChildren(h("h2", { class: "hk-side-heading", id: "chat-heading", text: "Chat" }), this.list);
  }

  async load() {
    try {
      const answer = await get(`/api/tables/${encodeURIComponent(this.tableId)}/chat`);
      this.messages = answer.messages.filter((m) => Number.isInteger(m.step));
    } catch {
      this.messages = [];
    }
    this.panel.hidden = this.messages.length === 0;
    this.showUpTo(this.step);
  }

  showUpTo(step) {
    this.step = step;
    const lines = this.messages.filter((m) => m.step <= step).map((m) => {
      const who = m.author ? [h("a", { class: "hk-chat-author", href: `/users/${encodeURIComponent(m.author.name)}`,
        text: m.author.name }), m.channel === "spectators" ? " (watching): " : ": "] : [];
      return h("p", { class: `hk-chat-line hk-chat-${m.channel}`, dataset: { id: String(m.id), step: String(m.step) } },
        ...who, h("span", { class: "hk-chat-text", text: m.text }));
    });
    this.list.replaceChildren(...lines);
    this.list.scrollTop = this.list.scrollHeight;
  }
}

// The games waiting for my move, on every page of a logged-in user (docs/WEB.md, "Games waiting for me"):
// the count in the tab title ("(2) Lobby — Hellenika"), a badge on the favicon drawn on a canvas, the
// "Next game waiting for me" bar, and, once the user allows it by a click and while their settings keep the
// browser channel on (`by_browser`), a browser notification when a game at ANOTHER table than the one on
// screen starts waiting for them. The set comes from
// GET /api/me/next every 30 s, when the page becomes visible again and when a page says something changed
// (the table page on each push, the lobby with its own list).
import { get } from "./api.js";
import { h } from "./dom.js";

const POLL_MS = 30_000;
const DEBOUNCE_MS = 250;
const PREFIX = /^\(\d+\+?\) /;

// The table this page shows, if it is a table page: never notified, never the next game while others wait.
const here = location.pathname.startsWith("/tables/") ? decodeURIComponent(location.pathname.split("/")[2] || "") : null;

let started = false;
let answer = { waiting: 0, tables: [] };
let known = null; // the ids waiting at the previous answer (null before the first: nothing is "new" then)
let timer = null;
let poller = null;
let inFlight = null;
let again = false;
const listeners = new Set();

// --- the title -----------------------------------------------------------------------------------------

let base = document.title.replace(PREFIX, "");
let written = document.title;

function applyTitle() {
  const count = answer.waiting;
  const wanted = count > 0 ? `(${count > 99 ? "99+" : count}) ${base}` : base;
  written = wanted;
  if (document.title !== wanted) document.title = wanted;
}

// A page sets its own title (the table page does on every draw): keep the count in front of the new one.
function watchTitle() {
  const title = document.querySelector("title") || document.head.appendChild(h("title"));
  new MutationObserver(() => {
    if (document.title === written) return;
    base = document.title.replace(PREFIX, "");
    applyTitle();
  }).observe(title, { childList: true, characterData: true, subtree: true });
}

// --- the favicon ---------------------------------------------------------------------------------------

const icons = new Map();

export function faviconFor(count) {
  const key = Math.min(count, 10);
  if (icons.has(key)) return icons.get(key);
  const size = 64;
  const canvas = h("canvas", { width: size, height: size });
  const g = canvas.getContext("2d");
  if (!g) return "data:,";
  g.fillStyle = "#1f5f8b"; // --hk-accent
  g.beginPath();
  g.roundRect(2, 2, size - 4, size - 4, 12);
  g.fill();
  g.fillStyle = "#fff";
  g.font = "bold 40px system-ui, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText("H", size / 2, size / 2 + 2);
  if (count > 0) {
    g.fillStyle = "#b3261e"; // --hk-warn
    g.beginPath();
    g.arc(size - 19, 19, 18, 0, 2 * Math.PI);
    g.fill();
    g.lineWidth = 3;
    g.strokeStyle = "#fff";
    g.stroke();
    g.fillStyle = "#fff";
    g.font = "bold 26px system-ui, sans-serif";
    g.fillText(count > 9 ? "9+" : String(count), size - 19, 21);
  }
  const url = canvas.toDataURL("image/png");
  icons.set(key, url);
  return url;
}

function applyFavicon() {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) link = document.head.appendChild(h("link", { rel: "icon" }));
  const url = faviconFor(answer.waiting);
  if (link.getAttribute("href") !== url) {
    link.setAttribute("type", "image/png");
    link.setAttribute("href", url);
  }
}

// --- browser notifications -----------------------------------------------------------------------------

// The user's own setting for the browser channel (GET /api/me/settings, `by_browser`): read once when the
// page starts and again when the settings page saves (in this tab or, by a BroadcastChannel, another).
// null while unknown; notifications wait for it, and a failed read counts as off (never notify against it).
let browserChannel = null;
let channelRead = null;
const SETTINGS_CHANNEL = "hellenika-settings";
let settingsBus = null;

function readBrowserChannel() {
  channelRead = get("/api/me/settings")
    .then((settings) => { browserChannel = Boolean(settings && settings.by_browser); })
    .catch(() => { if (browserChannel === null) browserChannel = false; })
    .then(() => { if (started) emit(); });
  return channelRead;
}

function listenForSettings() {
  if (typeof window.BroadcastChannel !== "function") return;
  settingsBus = new window.BroadcastChannel(SETTINGS_CHANNEL);
  settingsBus.addEventListener("message", () => readBrowserChannel());
}

// The settings page saved (the PUT's answer): use its channel here and tell this user's other tabs.
export function settingsSaved(settings) {
  if (settings && typeof settings.by_browser === "boolean") {
    browserChannel = settings.by_browser;
    channelRead = Promise.resolve();
  }
  if (settingsBus) settingsBus.postMessage({ saved: true });
  if (started) emit();
}

export function browserChannelOn() {
  return browserChannel !== false;
}

export function notificationsSupported() {
  return typeof window.Notification === "function";
}

export function notificationsAllowed() {
  return notificationsSupported() && window.Notification.permission === "granted";
}

// Ask for the permission (only ever from a click: browsers refuse or penalise an unprompted request).
export async function askForNotifications() {
  if (!notificationsSupported()) return "unsupported";
  const result = await window.Notification.requestPermission();
  emit();
  return result;
}

function tableUrl(id) {
  return `/tables/${encodeURIComponent(id)}`;
}

function notifyNew(tables) {
  const ids = new Set(tables.map((t) => t.id));
  const before = known;
  known = ids;
  if (before === null || !notificationsAllowed()) return;
  const fresh = tables.filter((t) => !before.has(t.id) && t.id !== here);
  if (!fresh.length) return;
  // Only if the user's settings keep the browser channel on (the title and favicon show the count anyway).
  const announce = () => { if (browserChannel === true && notificationsAllowed()) showNotifications(fresh.slice(0, 3)); };
  if (browserChannel === null && channelRead) channelRead.then(announce); else announce();
}

function showNotifications(tables) {
  for (const table of tables) {
    const note = new window.Notification(`Your turn: ${table.title} #${table.id}`, {
      body: "A game is waiting for your move. Click to open it.",
      tag: `hellenika-turn-${table.id}`,
    });
    note.addEventListener("click", () => {
      window.focus();
      note.close();
      location.assign(tableUrl(table.id));
    });
  }
}

// --- the set of waiting games --------------------------------------------------------------------------

function emit() {
  document.body.dataset.waiting = String(answer.waiting);
  applyTitle();
  applyFavicon();
  for (const listener of listeners) listener(answer);
}

// Use an answer of GET /api/me/next (or the same shape from the lobby's own list).
export function setWaiting(next) {
  const tables = Array.isArray(next && next.tables) ? next.tables : [];
  answer = { waiting: typeof next.waiting === "number" ? next.waiting : tables.length, tables };
  notifyNew(tables);
  emit();
}

async function fetchWaiting() {
  if (!started) return;
  try {
    setWaiting(await get("/api/me/next"));
  } catch {
    // Logged out meanwhile or offline: keep what is shown; the next poll tries again.
  }
}

// Ask the server again soon (several calls in a row make one request).
export function refreshWaiting() {
  if (!started) return Promise.resolve();
  clearTimeout(timer);
  return new Promise((resolve) => {
    timer = setTimeout(async () => {
      if (inFlight) {
        again = true;
        await inFlight;
      } else {
        inFlight = fetchWaiting();
        await inFlight;
        inFlight = null;
        if (again) {
          again = false;
          inFlight = fetchWaiting();
          await inFlight;
          inFlight = null;
        }
      }
      resolve();
    }, DEBOUNCE_MS);
  });
}

export function onWaiting(listener) {
  listeners.add(listener);
  listener(answer);
}

// Called by the header once the user is known to be logged in.
export function startWaiting() {
  if (started) return;
  started = true;
  readBrowserChannel();
  listenForSettings();
  watchTitle();
  applyFavicon();
  refreshWaiting();
  poller = setInterval(refreshWaiting, POLL_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refreshWaiting(); });
}

// Called by the header before it logs out: no request of ours may then meet a closed session (a 401).
export function stopWaiting() {
  started = false;
  clearTimeout(timer);
  clearInterval(poller);
}

// The most urgent game to go to from this page: the first waiting one that is not the table on screen.
export function nextTable(state = answer) {
  return state.tables.find((t) => t.id !== here) || null;
}

const NOTE_HERE = "No other game is waiting for you: this one is.";
const NOTE_NONE = "No game is waiting for your move.";

// "Next game waiting for me" (a link, so it opens in a new tab too), what it says when nothing waits, and
// the button that asks for the browser notifications' permission. The link and the note share one grid cell
// sized by the link and the longest note (an invisible copy), so a game starting or stopping to wait
// elsewhere never moves the board below the bar.
export function nextGameBar() {
  const link = h("a", { class: "hk-button-link hk-primary hk-next-link", id: "next-game", href: "#",
    text: "Next game waiting for me (9)" });
  const note = h("span", { class: "hk-muted hk-next-note", id: "next-game-note", "aria-live": "polite" });
  const sizer = h("span", { class: "hk-muted hk-next-note hk-next-sizer", "aria-hidden": "true", text: NOTE_HERE });
  const slot = h("span", { class: "hk-next-slot" }, link, note, sizer);
  const allow = h("button", { type: "button", id: "enable-notifications", text: "Enable browser notifications" });
  allow.addEventListener("click", async () => {
    allow.disabled = true;
    const result = await askForNotifications();
    allow.disabled = false;
    if (result === "denied") note.textContent = "Browser notifications are blocked: allow them in the browser's site settings.";
  });
  const bar = h("div", { class: "hk-next", id: "next-game-bar" }, slot, allow);
  onWaiting((state) => {
    const next = nextTable(state);
    const others = state.tables.filter((t) => t.id !== here).length;
    link.classList.toggle("hk-off", !next); // invisible (and out of the tab order) but still sizing the cell
    if (next) {
      link.href = tableUrl(next.id);
      link.textContent = others > 1 ? `Next game waiting for me (${others})` : "Next game waiting for me";
      link.title = `${next.title} #${next.id}`;
      note.textContent = "";
    } else {
      link.removeAttribute("href");
      note.textContent = here && state.tables.some((t) => t.id === here) ? NOTE_HERE : NOTE_NONE;
    }
    // Nothing to ask for while the user's settings turn the browser channel off.
    allow.hidden = !notificationsSupported() || window.Notification.permission !== "default" || !browserChannelOn();
  });
  return bar;
}

// The header every page shares (brand, navigation, who is logged in, Log out) and the message area under it,
// where errors and confirmations appear in plain words.
import { currentUser, post } from "./api.js";
import { h } from "./dom.js";
import { startWaiting, stopWaiting } from "./waiting.js";

let messages = null;

function messageArea() {
  if (!messages) {
    messages = document.getElementById("hk-messages");
    if (!messages) {
      messages = h("div", { id: "hk-messages", class: "hk-messages", "aria-live": "polite" });
      const header = document.querySelector("header.hk-top");
      if (header) header.after(messages); else document.body.prepend(messages);
    }
  }
  return messages;
}

// Show a message; errors stay until dismissed, other messages fade after a few seconds.
export function notify(text, kind = "info") {
  const area = messageArea();
  // The same words twice (a refresh failing again) stay one message.
  for (const old of area.querySelectorAll(".hk-message")) if (old.firstElementChild.textContent === text) old.remove();
  const close = h("button", { type: "button", class: "hk-close", "aria-label": "Dismiss message", text: "×" });
  const item = h("div", { class: `hk-message hk-message-${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", { text }), close);
  close.addEventListener("click", () => item.remove());
  area.append(item);
  while (area.children.length > 4) area.firstElementChild.remove();
  if (kind !== "error") setTimeout(() => item.remove(), 5000);
  return item;
}

export function showError(error) {
  return notify(error && error.message ? error.message : String(error), "error");
}

export function clearMessages() {
  messageArea().replaceChildren();
}

const LINKS = [["/lobby", "Lobby"], ["/leaderboard", "Leaderboard"]];

// Fill the page's <header class="hk-top"> and answer the logged-in user (or null).
export async function mountHeader() {
  const header = document.querySelector("header.hk-top") || document.body.prepend(h("header", { class: "hk-top" }));
  const nav = h("nav", { class: "hk-nav", "aria-label": "Main" },
    LINKS.map(([href, words]) => h("a", { href, "aria-current": location.pathname === href ? "page" : null, text: words })));
  const who = h("span", { class: "hk-who", id: "hk-who" });
  header.replaceChildren(h("a", { class: "hk-brand", href: "/", text: "HELLENIKA" }), nav, h("span", { class: "hk-spacer" }), who);
  messageArea();
  let user = null;
  try {
    user = await currentUser();
  } catch (error) {
    showError(error);
  }
  if (user) {
    const logout = h("button", { type: "button", class: "hk-link-button", id: "hk-logout", text: "Log out" });
    logout.addEventListener("click", async () => {
      logout.disabled = true;
      stopWaiting();
      try {
        await post("/api/auth/logout");
        location.assign("/login");
      } catch (error) {
        logout.disabled = false;
        showError(error);
      }
    });
    who.replaceChildren(h("span", { text: "Logged in as " }), h("strong", { id: "hk-username", text: user.name }), logout);
    nav.append(h("a", { href: "/settings", id: "hk-settings-link", "aria-current": location.pathname === "/settings" ? "page" : null, text: "Settings" }));
    // The games waiting for my move: "(N)" in the title and a badge on the favicon, on every page.
    startWaiting();
  } else {
    const next = location.pathname === "/login" ? "" : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    who.replaceChildren(h("a", { href: `/login${next}`, id: "hk-login-link", text: "Log in or register" }));
  }
  document.body.dataset.user = user ? user.name : "";
  return user;
}

export function loginUrl() {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

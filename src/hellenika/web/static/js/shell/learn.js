// "Learn to play" (/learn): one card per game with its summary and "Start a guided game", which asks the
// server for a guided first game against an easy bot (POST /api/learn) and opens its table.
import { get, post } from "./api.js";
import { byId, h } from "./dom.js";
import { mountHeader } from "./header.js";

let user = null;

async function start(game, button) {
  byId("learn-error").textContent = "";
  button.disabled = true;
  try {
    const answer = await post("/api/learn", { game });
    location.assign(`/tables/${encodeURIComponent(answer.table.id)}`);
  } catch (error) {
    byId("learn-error").textContent = error.message;
    button.disabled = false;
  }
}

function card(game) {
  const button = h("button", { type: "button", class: "hk-primary", id: `learn-${game.name}`,
    "aria-label": `Start a guided game of ${game.title}`, text: "Start a guided game", disabled: !user });
  button.addEventListener("click", () => start(game.name, button));
  return h("li", { class: "hk-panel" },
    h("h2", { text: game.title }),
    h("p", { class: "hk-muted", text: game.summary || "" }),
    button);
}

async function main() {
  user = await mountHeader();
  byId("learn-login").hidden = Boolean(user);
  try {
    const answer = await get("/api/games");
    byId("learn-games").replaceChildren(...(answer.games || []).map(card));
  } catch (error) {
    byId("learn-error").textContent = error.message;
  }
  document.body.dataset.ready = "1";
}

main();

// The front page: what Hellenika is, the games with their player counts, and the way in.
import { get } from "./api.js";
import { byId, h } from "./dom.js";
import { mountHeader, showError } from "./header.js";

async function main() {
  const user = await mountHeader();
  byId("login-link").hidden = Boolean(user);
  try {
    const answer = await get("/api/games");
    const games = Array.isArray(answer) ? answer : answer.games || [];
    byId("games").replaceChildren(...games.map((g) => {
      const min = g.min_players ?? g.players?.min;
      const max = g.max_players ?? g.players?.max;
      const count = `players: ${g.players_text || (min === max ? min : `${min}–${max}`)}`;
      return h("li", {}, h("a", { href: `/lobby?game=${encodeURIComponent(g.name)}`, text: g.title || g.name }),
        h("span", { class: "hk-muted", text: ` · ${count}` }), g.summary ? h("div", { class: "hk-muted", text: g.summary }) : null);
    }));
  } catch (error) {
    byId("games").replaceChildren(h("li", { class: "hk-error", text: error.message }));
    showError(error);
  }
  document.body.dataset.ready = "1";
}

main();

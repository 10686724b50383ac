// The leaderboard: per game, the OpenSkill ratings (GET /api/leaderboard/{game}).
import { get } from "./api.js";
import { byId, h } from "./dom.js";
import { mountHeader, showError } from "./header.js";

function rows(answer) {
  if (Array.isArray(answer)) return answer;
  return (answer && (answer.ratings || answer.players || answer.leaderboard)) || [];
}

function number(value, digits = 1) {
  return typeof value === "number" ? value.toFixed(digits) : value ?? "";
}

async function show(game) {
  const box = byId("ratings");
  // The chosen game goes into the address (a link to this table); the rest of the address stays.
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  if (url.href !== location.href) history.replaceState(history.state, "", url);
  try {
    const list = rows(await get(`/api/leaderboard/${encodeURIComponent(game)}`));
    if (!list.length) {
      box.replaceChildren(h("p", { class: "hk-muted", text: "No rated games yet: finish a game to appear here." }));
      return;
    }
    box.replaceChildren(h("table", { class: "hk-scores", id: "rating-table" },
      h("thead", {}, h("tr", {}, ["Rank", "Player", "Rating", "μ", "σ", "Games", "Wins"].map((t) => h("th", { scope: "col", class: t === "Player" ? "hk-name" : null, text: t })))),
      h("tbody", {}, list.map((r, i) => h("tr", {},
        h("td", { text: r.rank ?? i + 1 }),
        h("th", { scope: "row", class: "hk-name" },
          r.kind === "user" && r.name ? h("a", { class: "hk-person-link", href: `/users/${encodeURIComponent(r.name)}`, text: r.name }) : r.name ?? r.user ?? r.player ?? "",
          r.kind === "bot" && !/bot/i.test(String(r.name)) ? h("span", { class: "hk-muted", text: " (bot)" }) : null),
        // The rating shown is openskill's ordinal (mu - 3 sigma), never below 0.
        h("td", { text: number(Math.max(0, r.rating ?? r.ordinal ?? 0)) }),
        h("td", { text: number(r.mu) }),
        h("td", { text: number(r.sigma) }),
        h("td", { text: r.games ?? r.played ?? "" }),
        h("td", { text: r.wins ?? "" }))))));
  } catch (error) {
    box.replaceChildren(h("p", { class: "hk-error", text: error.message }));
    showError(error);
  } finally {
    document.body.dataset.ready = game;
  }
}

async function main() {
  await mountHeader();
  const select = byId("game");
  try {
    const answer = await get("/api/games");
    const games = Array.isArray(answer) ? answer : answer.games || [];
    select.replaceChildren(...games.map((g) => h("option", { value: g.name, text: g.title || g.name })));
  } catch (error) {
    showError(error);
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
  select.addEventListener("change", () => show(select.value));
  show(select.value);
}

main();

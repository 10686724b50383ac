// A player's profile (/users/{name}, GET /api/users/{name}): member since, favourite games, per game the
// rating (openskill's ordinal, never below 0), rated games, wins and places, and the recent finished games
// with links to their replays and tables, a page at a time. One's own profile links to the settings.
import { api, get } from "./api.js";
import { byId, formatTime, h } from "./dom.js";
import { mountHeader, notify, showError } from "./header.js";
import { reportButton } from "./report.js";

const name = decodeURIComponent(location.pathname.split("/")[2] || "");
const path = `/api/users/${encodeURIComponent(name)}`;
let next = null;

function ordinalWords(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;
}

function placesWords(places) {
  const parts = places.map((count, i) => (count ? `${ordinalWords(i + 1)} ×${count}` : null)).filter(Boolean);
  return parts.length ? parts.join(", ") : "–";
}

function rating(value) {
  return typeof value === "number" ? Math.max(0, value).toFixed(1) : "unrated";
}

function drawStats(games) {
  if (!games.length) {
    byId("stats").replaceChildren(h("p", { class: "hk-muted", text: "No finished games yet." }));
    return;
  }
  byId("stats").replaceChildren(h("table", { class: "hk-scores", id: "stats-table" },
    h("caption", { class: "hk-visually-hidden", text: "Ratings and results per game" }),
    h("thead", {}, h("tr", {}, ["Game", "Rating", "Rated games", "Played", "Wins", "Places"]
      .map((t) => h("th", { scope: "col", class: t === "Game" ? "hk-name" : null, text: t })))),
    h("tbody", {}, games.map((g) => h("tr", { dataset: { game: g.game } },
      h("th", { scope: "row", class: "hk-name" }, h("a", { href: `/leaderboard?game=${encodeURIComponent(g.game)}`, text: g.title })),
      h("td", { class: "hk-rating", text: rating(g.rating) }),
      h("td", { text: g.rated_games }),
      h("td", { class: "hk-played", text: g.played }),
      h("td", { class: "hk-wins", text: g.wins }),
      h("td", { class: "hk-places", text: placesWords(g.places || []) }))))));
}

function drawFavourites(favourites) {
  byId("favourites").replaceChildren(favourites.length
    ? h("ol", { class: "hk-game-list", id: "favourite-list" }, favourites.map((f) =>
      h("li", {}, h("a", { href: `/lobby?game=${encodeURIComponent(f.game)}`, text: f.title }),
        ` · ${f.played} game${f.played === 1 ? "" : "s"}`)))
    : h("p", { class: "hk-muted", text: "None yet." }));
}

function gameCard(game) {
  const place = typeof game.place === "number" ? `${ordinalWords(game.place)} of ${game.players}` : "";
  const notes = [place, game.rated ? "rated" : "unrated", game.private ? "private" : ""].filter(Boolean);
  return h("article", { class: "hk-table-card", dataset: { table: game.id, game: game.game } },
    h("h3", {}, h("a", { href: game.table_url, text: `${game.title} #${game.id}` })),
    game.end_text ? h("p", { class: "hk-status hk-end-text", text: game.end_text }) : null,
    h("p", { class: "hk-muted" }, `${notes.join(" · ")} · finished `,
      h("time", { datetime: game.finished_at || "", text: formatTime(game.finished_at) })),
    h("p", { class: "hk-muted", text: `Players: ${(game.names || []).join(", ")}` }),
    h("p", { class: "hk-controls" },
      h("a", { class: "hk-button-link hk-replay", href: game.replay_url, text: "Watch the replay" }),
      h("a", { class: "hk-button-link hk-review", href: `/replays/${encodeURIComponent(game.id)}/review`, text: "Review" }),
      h("a", { class: "hk-button-link", href: game.table_url, text: "Open the table" })));
}

function drawRecent(games, more) {
  const box = byId("recent");
  const cards = games.map(gameCard);
  if (more) box.append(...cards);
  else box.replaceChildren(...(cards.length ? cards : [h("p", { class: "hk-muted", text: "No finished games to show." })]));
  byId("recent-more").hidden = !next;
  if (more && cards.length) cards[0].querySelector("a").focus();
}

async function loadMore() {
  const button = byId("recent-more");
  button.disabled = true;
  try {
    const answer = await get(`${path}/games?${new URLSearchParams({ before: next })}`);
    next = answer.next || null;
    drawRecent(answer.games || [], true);
  } catch (error) {
    showError(error);
  } finally {
    button.disabled = false;
  }
}

// Another person's profile, seen by someone logged in: Block / Unblock and Report.
async function drawActions(user, shown) {
  const box = byId("profile-own");
  let blocked = false;
  try {
    const answer = await get("/api/me/blocks");
    blocked = (answer.users || []).some((u) => u.name === shown);
  } catch {
    // The buttons still work without the list.
  }
  const block = h("button", { type: "button", id: "profile-block" });
  const words = () => {
    block.textContent = blocked ? `Unblock ${shown}` : `Block ${shown}`;
  };
  words();
  block.addEventListener("click", async () => {
    block.disabled = true;
    try {
      await api(blocked ? "DELETE" : "POST", `/api/me/blocks/${encodeURIComponent(shown)}`);
      blocked = !blocked;
      words();
      notify(blocked ? `${shown} is blocked: no invitations, no joining your tables, no chat either way.` : `${shown} is no longer blocked.`);
    } catch (error) {
      showError(error);
    } finally {
      block.disabled = false;
    }
  });
  box.replaceChildren(block, " ", reportButton(shown, {}, "Report this user"));
  box.hidden = false;
}

async function main() {
  const user = await mountHeader();
  byId("recent-more").addEventListener("click", loadMore);
  try {
    const answer = await get(path);
    document.title = `${answer.user.name} — Hellenika`;
    byId("profile-name").textContent = answer.user.name;
    byId("profile-since").textContent = `Member since ${formatTime(answer.member_since)} · ${answer.played} finished game${answer.played === 1 ? "" : "s"}`;
    if (answer.me && answer.settings_url) {
      byId("profile-own").replaceChildren(h("span", { text: "This is your profile." }),
        h("a", { class: "hk-button-link", id: "profile-settings", href: answer.settings_url, text: "Your settings" }));
      byId("profile-own").hidden = false;
    } else if (user) {
      drawActions(user, answer.user.name);
    }
    next = answer.next || null;
    drawFavourites(answer.favourites || []);
    drawStats(answer.games || []);
    drawRecent(answer.recent || [], false);
    byId("profile").hidden = false;
  } catch (error) {
    byId("profile-name").textContent = error.status === 404 ? "No such player" : "Player";
    byId("profile-missing").textContent = error.message;
    byId("profile-missing").hidden = false;
    if (error.status !== 404) showError(error);
  } finally {
    document.body.dataset.ready = "1";
  }
}

main();

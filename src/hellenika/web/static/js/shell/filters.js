// The lobby's filters of the open tables (GET /api/tables?status=open&game=...&players=...&mode=...&rated=...
// &max_deadline_hours=..., docs/WEB.md): the server filters, so the list is never cut before it is filtered.
// The choices are kept in the address (?open_game=... and so on, replaced, not pushed), so a filtered lobby can
// be linked and survives a reload.
import { byId, h } from "./dom.js";

const FIELDS = [
  ["game", "Game"],
  ["players", "Players"],
  ["mode", "Speed"],
  ["rated", "Rated or not"],
];
const SPEEDS = [
  ["", "any"],
  ["live", "live"],
  ["day", "turn-based, a day a move or faster"],
  ["turn-based", "turn-based, any deadline"],
];

function param(name) {
  return new URLSearchParams(location.search).get(`open_${name}`) || "";
}

// The query string for the open tables, from the controls (empty: no filter).
export function filterQuery() {
  const form = byId("open-filters");
  if (!form) return "";
  const query = new URLSearchParams();
  const game = byId("filter-game").value;
  const players = byId("filter-players").value;
  const speed = byId("filter-mode").value;
  const rated = byId("filter-rated").value;
  if (game) query.set("game", game);
  if (players) query.set("players", players);
  if (speed === "live") query.set("mode", "live");
  if (speed === "day") {
    query.set("mode", "turn-based");
    query.set("max_deadline_hours", "24");
  }
  if (speed === "turn-based") query.set("mode", "turn-based");
  if (rated) query.set("rated", rated);
  const text = query.toString();
  return text ? `&${text}` : "";
}

function remember() {
  const address = new URL(location.href);
  for (const [name] of FIELDS) {
    const value = byId(`filter-${name}`).value;
    if (value) address.searchParams.set(`open_${name}`, value);
    else address.searchParams.delete(`open_${name}`);
  }
  history.replaceState(null, "", address);
}

// The controls above the open tables; ``changed`` is called (to load the list again) after every change.
export function mountFilters(games, changed) {
  const list = byId("open-tables");
  if (!list || byId("open-filters")) return;
  const most = Math.max(1, ...games.map((g) => (Array.isArray(g.default_players) ? g.default_players[1] : 1)));
  const options = {
    game: [["", "any"], ...games.map((g) => [g.name, g.title || g.name])],
    players: [["", "any"], ...Array.from({ length: most }, (_, i) => [String(i + 1), String(i + 1)])],
    mode: SPEEDS,
    rated: [["", "any"], ["true", "rated"], ["false", "unrated"]],
  };
  const form = h("form", { id: "open-filters", class: "hk-filters", "aria-label": "Filter the open tables" },
    FIELDS.map(([name, words]) => h("span", { class: "hk-filter" },
      h("label", { for: `filter-${name}`, text: words }),
      h("select", { id: `filter-${name}`, name },
        options[name].map(([value, text]) => h("option", { value, text, selected: value === param(name) }))))));
  form.addEventListener("change", () => {
    remember();
    changed();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  list.before(form);
}

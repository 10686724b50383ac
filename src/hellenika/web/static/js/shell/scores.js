// The final score table of a finished game (and of a replay's last step): places, names, scores and each
// participant's breakdown, in the order of the places.
import { h, playerChip } from "./dom.js";

function words(key) {
  return key.replaceAll("_", " ");
}

export function scoreTable(model) {
  const names = model.names || [];
  const scores = model.scores || [];
  const places = model.places || [];
  const breakdown = Array.isArray(model.breakdown) ? model.breakdown : [];
  const keys = [];
  for (const row of breakdown) {
    for (const key of Object.keys(row || {})) if (!keys.includes(key)) keys.push(key);
  }
  const order = scores.map((_, i) => i).sort((a, b) => (places[a] ?? 99) - (places[b] ?? 99) || a - b);
  const players = model.view && typeof model.view === "object" ? model.view.num_players : undefined;
  return h("table", { class: "hk-scores", id: "score-table" },
    h("caption", { text: "Final scores" }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", text: "Place" }), h("th", { scope: "col", class: "hk-name", text: "Player" }),
      keys.map((k) => h("th", { scope: "col", text: words(k) })),
      h("th", { scope: "col", text: "Total" }))),
    h("tbody", {}, order.map((i) => h("tr", { class: places[i] === 1 ? "hk-winner" : null, dataset: { participant: String(i) } },
      h("td", { text: places[i] ?? "" }),
      h("th", { scope: "row", class: "hk-name" }, playerChip(names[i] ?? `Player ${i + 1}`, i, typeof players === "number" && i >= players),
        i === model.seat ? " (you)" : ""),
      keys.map((k) => h("td", { text: breakdown[i] && breakdown[i][k] !== undefined ? breakdown[i][k] : "" })),
      h("td", { class: "hk-total", text: scores[i] ?? "" })))));
}

export function winnerLine(model) {
  const names = model.names || [];
  const places = model.places || [];
  const winners = places.map((p, i) => (p === 1 ? names[i] ?? `Player ${i + 1}` : null)).filter(Boolean);
  if (!winners.length) return "The game is over.";
  if (winners.length === 1) return `${winners[0]} wins.`;
  return `${winners.join(" and ")} share first place.`;
}

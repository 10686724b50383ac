// The final score table of a finished game (and of a replay's last step): places, names, scores and each
// participant's breakdown, in the order of the places; a game a safety net ended says so (model.end_reason),
// and a game a seat forfeited shows the scores when it stopped, with why ("alice lost on time"). The words
// come from the server (model.end_text, model.end_reason: web/results.py).
import { h, playerChip } from "./dom.js";

function words(key) {
  return key.replaceAll("_", " ");
}

// A game may say how its score table groups its columns (view.score_columns, the same list its board's own
// table uses): each column sums breakdown entries (`keys`), reads a participant entry of the view (`field`) or
// is the score (`score`); the groups head the columns they span.
export function scoreColumns(model) {
  const columns = model.view && Array.isArray(model.view.score_columns) ? model.view.score_columns : null;
  return columns && columns.length ? columns : null;
}

// One column's value for participant i (null: none, e.g. an entry that participant does not have).
export function columnValue(model, column, i) {
  if (column.score) return (model.scores || [])[i] ?? null;
  if (column.field) {
    const entry = ((model.view && model.view.participants) || [])[i];
    return entry && typeof entry[column.field] === "number" ? entry[column.field] : null;
  }
  const row = (Array.isArray(model.breakdown) ? model.breakdown : [])[i] || {};
  const present = (column.keys || []).filter((k) => typeof row[k] === "number");
  return present.length ? present.reduce((sum, k) => sum + row[k], 0) : null;
}

function groupedHead(columns) {
  const groups = [];
  for (const c of columns) {
    const last = groups[groups.length - 1];
    if (last && last.name === (c.group || "")) last.span += 1;
    else groups.push({ name: c.group || "", span: 1 });
  }
  return h("thead", {},
    h("tr", { class: "hk-score-groups" },
      h("th", { scope: "col", rowspan: "2", text: "Place" }), h("th", { scope: "col", rowspan: "2", class: "hk-name", text: "Player" }),
      groups.map((g) => h("th", { scope: "colgroup", colspan: String(g.span), text: g.name }))),
    h("tr", {}, columns.map((c) => h("th", { scope: "col", title: c.title || null, text: c.label }))));
}

// `people` (optional): per participant the person's name whose profile the row links to (null: none, e.g. a bot).
export function scoreTable(model, people = []) {
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
  const stopped = model.forfeit !== null && model.forfeit !== undefined;
  const caption = stopped
    ? `Scores when the game stopped (${model.end_reason || "a forfeit"}): the forfeiting player is placed last`
    : model.end_reason ? `Final scores (${model.end_reason})` : "Final scores";
  const columns = scoreColumns(model);
  const chip = (i) => {
    const shown = playerChip(names[i] ?? `Player ${i + 1}`, i, typeof players === "number" && i >= players);
    return people[i] ? h("a", { class: "hk-person-link", href: `/users/${encodeURIComponent(people[i])}` }, shown) : shown;
  };
  const name = (i) => h("th", { scope: "row", class: "hk-name" }, chip(i), i === model.seat ? " (you)" : "");
  if (columns) {
    return h("table", { class: "hk-scores hk-scores-grouped", id: "score-table", dataset: model.end_reason ? { endReason: model.end_reason } : {} },
      h("caption", { text: caption }),
      groupedHead(columns),
      h("tbody", {}, order.map((i) => h("tr", { class: places[i] === 1 ? "hk-winner" : null, dataset: { participant: String(i) } },
        h("td", { text: places[i] ?? "" }), name(i),
        columns.map((c) => {
          const v = columnValue(model, c, i);
          return h("td", { class: c.score ? "hk-total" : c.strong ? "hk-subtotal" : null, text: v === null ? "–" : String(v) });
        })))));
  }
  return h("table", { class: "hk-scores", id: "score-table", dataset: model.end_reason ? { endReason: model.end_reason } : {} },
    h("caption", { text: caption }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", text: "Place" }), h("th", { scope: "col", class: "hk-name", text: "Player" }),
      keys.map((k) => h("th", { scope: "col", text: words(k) })),
      h("th", { scope: "col", text: "Total" }))),
    h("tbody", {}, order.map((i) => h("tr", { class: places[i] === 1 ? "hk-winner" : null, dataset: { participant: String(i) } },
      h("td", { text: places[i] ?? "" }),
      name(i),
      keys.map((k) => h("td", { text: breakdown[i] && breakdown[i][k] !== undefined ? breakdown[i][k] : "" })),
      h("td", { class: "hk-total", text: scores[i] ?? "" })))));
}

export function winnerLine(model) {
  if (typeof model.end_text === "string" && model.end_text) return model.end_text;
  const names = model.names || [];
  const places = model.places || [];
  const winners = places.map((p, i) => (p === 1 ? names[i] ?? `Player ${i + 1}` : null)).filter(Boolean);
  // A game a safety net ended (the stall rule...) says so, so its winner is not taken for a normal one.
  const how = model.end_reason ? ` The game ${model.end_reason}.` : "";
  if (!winners.length) return `The game is over.${how}`;
  if (winners.length === 1) return `${winners[0]} wins.${how}`;
  return `${winners.join(" and ")} share first place.${how}`;
}

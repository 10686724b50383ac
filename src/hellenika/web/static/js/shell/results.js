// How a finished game ended, whether it was rated, and who is on vacation, in the words the server gives
// (web/results.py computes them once; pages only show them). Everything goes in as text, never as markup.
import { formatTime, h } from "./dom.js";

// "alice lost on time; bob wins.", "bob wins. The game ended by the stall rule after ...", or "".
export function endText(table) {
  if (!table || table.status !== "finished") return "";
  if (typeof table.end_text === "string" && table.end_text) return table.end_text;
  return "";
}

// "not rated: resigned before each player made 3 moves" for a finished game that changed no rating.
export function ratingText(table) {
  const result = table && table.result;
  if (!result || result.rated !== false) return "";
  return typeof result.not_rated === "string" ? result.not_rated : "not rated";
}

// "alice on vacation until 3 Dec 2026, 10:00" for each seated person on vacation.
export function vacationTexts(table) {
  const seats = table && Array.isArray(table.seats) ? table.seats : [];
  return seats.filter((s) => s && s.on_vacation_until)
    .map((s) => `${s.name || (s.user && s.user.name) || `Seat ${s.seat + 1}`} on vacation until ${formatTime(s.on_vacation_until)}`);
}

// The lines a lobby or my-games card adds: how it ended, "unrated", vacations.
export function cardNotes(table) {
  const notes = [];
  const ended = endText(table);
  if (ended) notes.push(h("p", { class: "hk-status hk-end-text", text: ended }));
  const extra = [];
  if (table && table.rated === false) extra.push("unrated");
  else if (ratingText(table)) extra.push(ratingText(table));
  extra.push(...vacationTexts(table));
  if (extra.length) notes.push(h("p", { class: "hk-muted hk-card-notes", text: extra.join(" · ") }));
  return notes;
}

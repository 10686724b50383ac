// Participant colours, shared by every board so a player has the same colour everywhere.
// Seats take PLAYER_COLOURS in order; automated opponents (Hades, Angelos) take AUTOMATON_COLOUR.
export const PLAYER_COLOURS = ["#c0392b", "#2471a3", "#239b56", "#d4ac0d", "#8e44ad", "#d35400", "#17a589", "#5d6d7e"];
export const AUTOMATON_COLOUR = "#6c3483";

export function participantColour(index, automaton = false) {
  return automaton ? AUTOMATON_COLOUR : PLAYER_COLOURS[index % PLAYER_COLOURS.length];
}

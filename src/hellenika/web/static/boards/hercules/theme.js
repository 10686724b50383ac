// Hercules board: palette, card texts and small colour helpers shared by the board's modules.
import { participantColour } from "../../js/colours.js";

export const SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', serif";
export const SANS = "system-ui, 'DejaVu Sans', 'Liberation Sans', sans-serif";

export const INK = "#2b2620";
export const MUTED = "#7a7164";
export const PARCHMENT = "#fbf6ea";
export const GOLD = "#c9a227";
export const GOLD_DARK = "#8a6d1d";
export const HIGHLIGHT = "#e0a800";

// The five symbol types, in the view's `symbols` order.
export const SYMBOLS = ["PLUS", "MINUS", "TIMES", "DIVIDE", "DIE"];
export const SYMBOL_GLYPHS = ["+", "−", "×", "÷", ""]; // the die symbol is drawn, not written
export const SYMBOL_NAMES = ["plus", "minus", "times", "divide", "die"];

// Demigod decks: colour of the card band and the operation sign printed on it.
export const DECKS = {
  hestia: { colour: "#c0562f", sign: "+", symbol: 0 },
  pan: { colour: "#4f8a34", sign: "×", symbol: 2 },
  aeolus: { colour: "#2f7fb5", sign: "÷", symbol: 3 },
  hecate: { colour: "#6a3f8c", sign: "−", symbol: 1 },
  tyche: { colour: "#b5862a", sign: "", symbol: 4 },
  morpheus: { colour: "#33457a", sign: "", symbol: 4 },
};
export const DECK_ORDER = ["hestia", "pan", "aeolus", "hecate", "tyche", "morpheus"];
export const SYMBOL_COLOURS = [DECKS.hestia.colour, DECKS.hecate.colour, DECKS.pan.colour, DECKS.aeolus.colour, "#2b2620"];

// What a card's ability does: a short mark for the card face and plain words for tooltips.
export const ABILITIES = {
  PLUS1: { mark: "+1", short: "+1 to a die", words: "+1 to a die" },
  MINUS1: { mark: "−1", short: "−1 to a die", words: "−1 to a die" },
  FLIP: { mark: "7−v", short: "flip a die", words: "flip a die (7 − value)" },
  WHITE: { mark: "white", short: "white die", words: "take and roll the white die" },
  REROLL: { mark: "re-roll", short: "your dice", words: "re-roll dice" },
  COPY: { mark: "copy", short: "other's dice", words: "copy another player's dice" },
  BONUS: { mark: "bonus", short: "bonus", words: "bonus symbol" },
  VP2: { mark: "2 VP", short: "2 VP", words: "2 victory points" },
};

export const OP_SIGNS = { "+": "+", "-": "−", x: "×", "/": "÷" };

// Deck id of a demigod card from its id prefix (HES-01 -> hestia).
const PREFIXES = { HES: "hestia", PAN: "pan", AEO: "aeolus", HEC: "hecate", TYC: "tyche", MOR: "morpheus" };
export function deckOf(card) {
  return PREFIXES[String(card.id || "").slice(0, 3)] || (card.name ? card.name.toLowerCase() : "hestia");
}

export function colourOf(participant) {
  return participantColour(participant.index, Boolean(participant.automaton));
}

function parse(hex) {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

function format(rgb) {
  return `#${rgb.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0")).join("")}`;
}

// Mix a colour towards white (amount > 0) or black (amount < 0).
export function shade(hex, amount) {
  const rgb = parse(hex);
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  return format(rgb.map((v) => v + (target - v) * t));
}

// A text colour that stays legible on a light background (yellow players get a darker ink).
export function inkOf(hex) {
  const [r, g, b] = parse(hex);
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.55 ? shade(hex, -0.45) : hex;
}

// Light or dark text on a filled shape.
export function contrastOn(hex) {
  const [r, g, b] = parse(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.62 ? INK : "#ffffff";
}

export function formatScore(value) {
  if (value === null || value === undefined) return "–";
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export function describeCard(card) {
  const parts = [];
  const head = card.kind === "demigod" ? `${card.name} ${card.id}` : card.name;
  if (card.number) parts.push(`black die ${card.number}`);
  if (card.ability && ABILITIES[card.ability] && card.ability !== "VP2") parts.push(ABILITIES[card.ability].words);
  const symbols = (card.symbols || []).flatMap((n, i) => Array(n).fill(SYMBOL_NAMES[i]));
  if (symbols.length) parts.push(`symbols: ${symbols.join(", ")}`);
  if (card.vp) parts.push(`${card.vp} VP`);
  if (card.used) parts.push(card.kind === "god" ? "used (face down)" : "used (cube on it)");
  else if (card.face_down) parts.push("face down");
  return parts.length ? `${head} — ${parts.join("; ")}` : head;
}

export function ordinal(n) {
  return n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`;
}

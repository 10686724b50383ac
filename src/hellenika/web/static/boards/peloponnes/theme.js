// Peloponnes board: palette, fonts, text fitting and colour helpers shared by the board's modules.
import { text } from "../../js/svg.js";

export const SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', serif";
export const SANS = "system-ui, 'DejaVu Sans', 'Liberation Sans', sans-serif";

export const INK = "#2b2620";
export const MUTED = "#7a7164";
export const FAINT = "#b8ab94";
export const LINE = "#d9cfbd";
export const PAPER = "#fffdf8";
export const PARCHMENT = "#f6efdf";
export const ACCENT = "#1f5f8b";
export const GOLD = "#d9a520";
export const WARN = "#b3261e";

// Tile kinds: buildings are stone-coloured with a terracotta band, lands green with an olive band.
export const KIND = {
  building: { band: "#a4532d", face: "#f8ede2", edge: "#c99a7c", word: "building" },
  land: { band: "#4f7a32", face: "#eef4e2", edge: "#a9c08c", word: "land" },
};

// Goods and counters, with the colour of their symbol.
export const GOODS = {
  coins: { colour: "#e2b23a", ink: "#7a5a0c", word: "coins" },
  wood: { colour: "#8b5a2b", ink: "#5a3a19", word: "wood" },
  stone: { colour: "#8f969e", ink: "#4d535a", word: "stone" },
  food: { colour: "#d08a1e", ink: "#7d4f0b", word: "food" },
  luxury: { colour: "#a0306e", ink: "#6d1c4a", word: "luxury goods" },
  inhabitants: { colour: "#5a4634", ink: "#3b2c1f", word: "inhabitants" },
  strength: { colour: "#4a6a8a", ink: "#2c4560", word: "strength" },
  clover: { colour: "#2e8b57", ink: "#1d5c39", word: "cloverleaves" },
  pp: { colour: "#7b4fa0", ink: "#4e2f6b", word: "power points" },
  mercenaries: { colour: "#6b4f3a", ink: "#45311f", word: "mercenaries" },
};

// Text that never overflows `max` units: long strings are squeezed to fit.
export function label(x, y, content, attrs = {}, max = 0) {
  const size = Number(attrs["font-size"] || 12);
  const bold = attrs["font-weight"] === "bold" || Number(attrs["font-weight"]) >= 600;
  const node = text(x, y, content, attrs);
  if (max > 0 && String(content).length * size * (bold ? 0.6 : 0.54) > max) {
    node.setAttribute("textLength", String(max));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

export function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] || "th"}`;
}

function parse(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || "");
  return m ? m.slice(1).map((h) => parseInt(h, 16)) : [128, 128, 128];
}

// Mix a colour towards white (amount > 0) or black (amount < 0).
export function shade(hex, amount) {
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  const rgb = parse(hex).map((v) => Math.max(0, Math.min(255, Math.round(v + (target - v) * t))));
  return `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

// Dark or white text on a filled shape of this colour.
export function inkOn(hex) {
  const [r, g, b] = parse(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.6 ? INK : "#ffffff";
}

// A text colour that stays legible on paper (the yellow player gets a darker ink).
export function inkOf(hex) {
  const [r, g, b] = parse(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.55 ? shade(hex, -0.45) : hex;
}

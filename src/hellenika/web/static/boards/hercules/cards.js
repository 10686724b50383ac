// Hercules board: card faces (Demigods, Gods, Zeus, Pantheon, Vases, Hades) and card backs, at any size.
import { svg, text } from "../../js/svg.js";
import { amphora, bolt, die, helm, label, symbolMark, temple, vpBadge } from "./pieces.js";
import {
  ABILITIES, DECKS, GOLD, GOLD_DARK, INK, MUTED, PARCHMENT, SANS, SERIF, deckOf, describeCard, shade,
} from "./theme.js";

function frame(x, y, w, h, fill, stroke, extra = {}) {
  return svg("rect", { x, y, width: w, height: h, rx: Math.max(3, w * 0.08), fill, stroke, "stroke-width": 1.2, ...extra });
}

function shadow(x, y, w, h) {
  return svg("rect", { x: x + 1.5, y: y + 2, width: w, height: h, rx: Math.max(3, w * 0.08), fill: "#000", opacity: 0.14 });
}

function band(x, y, w, h, fill, radius) {
  // A header band with rounded top corners only.
  const r = radius;
  const d = `M ${x} ${y + h} V ${y + r} Q ${x} ${y} ${x + r} ${y} H ${x + w - r} Q ${x + w} ${y} ${x + w} ${y + r} V ${y + h} Z`;
  return svg("path", { d, fill });
}

// The symbols a card shows, as a small row centred on (cx, y).
function symbolRow(card, cx, y, size) {
  const marks = [];
  (card.symbols || []).forEach((n, i) => { for (let k = 0; k < n; k += 1) marks.push(i); });
  const step = size * 1.15;
  const x0 = cx - ((marks.length - 1) * step) / 2;
  return svg("g", {}, marks.map((m, k) => symbolMark(m, x0 + k * step, y, size)));
}

// The central mark of an ability (or the bonus symbol / VP for passive cards).
function abilityMark(card, cx, cy, w, colour) {
  const ability = card.ability || "";
  if (ability === "VP2") return vpBadge(cx, cy, w * 0.17, 2);
  if (ability === "BONUS") {
    const bonus = (card.symbols || []).findIndex((n, i) => n > 0 && i !== DECKS[deckOf(card)]?.symbol);
    const extra = bonus >= 0 ? bonus : (card.symbols || []).findIndex((n) => n > 1);
    return svg("g", {}, [
      svg("circle", { cx, cy, r: w * 0.17, fill: "#fff", stroke: colour, "stroke-width": 1.2, "stroke-dasharray": "2 1.5" }),
      extra >= 0 ? symbolMark(extra, cx, cy, w * 0.2) : null,
    ]);
  }
  const info = ABILITIES[ability];
  if (!info) return null;
  const size = info.mark.length <= 2 ? w * 0.3 : info.mark.length <= 3 ? w * 0.22 : w * 0.17;
  return label(cx, cy + size * 0.36, info.mark, {
    "text-anchor": "middle", "font-size": size, "font-weight": "bold", fill: colour, "font-family": SANS,
  }, w * 0.86);
}

function demigodFace(card, x, y, w, h, large) {
  const deck = DECKS[deckOf(card)] || DECKS.hestia;
  const bh = h * 0.2;
  const r = Math.max(3, w * 0.08);
  const nodes = [
    frame(x, y, w, h, PARCHMENT, shade(deck.colour, -0.3)),
    band(x, y, w, bh, deck.colour, r),
    label(x + w * 0.08, y + bh * 0.7, card.name, {
      "font-size": bh * 0.6, "font-weight": "bold", fill: "#fff", "font-family": SERIF,
    }, w * (large ? 0.62 : 0.84)),
  ];
  if (large) {
    nodes.push(svg("circle", { cx: x + w - bh * 0.55, cy: y + bh / 2, r: bh * 0.36, fill: "#fff" }));
    nodes.push(symbolMark(deck.symbol, x + w - bh * 0.55, y + bh / 2, bh * 0.5));
  }
  const markY = card.number && !large ? y + h * 0.58 : y + h * 0.5;
  nodes.push(abilityMark(card, x + w / 2, markY, w, shade(deck.colour, -0.25)));
  if (card.number) {
    const s = w * (large ? 0.2 : 0.24);
    nodes.push(die(x + w * 0.07, y + bh + h * 0.04, s, card.number, INK, "#fff"));
  }
  nodes.push(symbolRow(card, x + w / 2, y + h * 0.84, w * (large ? 0.13 : 0.16)));
  if (large) {
    nodes.push(text(x + w - 4, y + bh + 11, card.id, { "text-anchor": "end", "font-size": 8.5, fill: MUTED, "font-family": SANS }));
  }
  return nodes;
}

function godFace(card, x, y, w, h, large) {
  const r = Math.max(3, w * 0.08);
  const bh = h * 0.2;
  if (card.name === "Zeus") {
    return [
      frame(x, y, w, h, "url(#hk-herc-gold)", GOLD_DARK),
      label(x + w / 2, y + bh * 0.72, "Zeus", { "text-anchor": "middle", "font-size": bh * 0.62, "font-weight": "bold", fill: INK, "font-family": SERIF }, w * 0.9),
      bolt(x + w / 2, y + h * 0.5, h * 0.38, "#fff6c8"),
      vpBadge(x + w - w * 0.2, y + h - w * 0.2, w * 0.14, card.vp, "#fffbe8"),
    ];
  }
  const nodes = [
    frame(x, y, w, h, "#fdf3d7", GOLD_DARK),
    band(x, y, w, bh, "url(#hk-herc-gold)", r),
    label(x + w / 2, y + bh * 0.72, card.name, {
      "text-anchor": "middle", "font-size": bh * 0.6, "font-weight": "bold", fill: INK, "font-family": SERIF,
    }, w * 0.9),
    abilityMark(card, x + w / 2, y + h * 0.47, w, "#6b4f12"),
  ];
  if (large && card.ability && ABILITIES[card.ability]) {
    nodes.push(label(x + w / 2, y + h * 0.66, ABILITIES[card.ability].short, {
      "text-anchor": "middle", "font-size": 7.5, fill: MUTED, "font-family": SANS,
    }, w * 0.9));
  }
  const sym = (card.symbols || []).findIndex((n) => n > 0);
  if (sym >= 0) nodes.push(symbolMark(sym, x + w * 0.22, y + h - w * 0.2, w * 0.17));
  if (card.vp) nodes.push(vpBadge(x + w - w * 0.2, y + h - w * 0.2, w * 0.14, card.vp));
  return nodes;
}

function godBack(card, x, y, w, h) {
  const nodes = [
    frame(x, y, w, h, "#22345a", "#101a30"),
    svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: Math.max(2, w * 0.06), fill: "none", stroke: GOLD, "stroke-width": 0.8, opacity: 0.8 }),
    svg("circle", { cx: x + w / 2, cy: y + h * 0.42, r: w * 0.2, fill: "none", stroke: GOLD, "stroke-width": 1.2 }),
    temple(x + w / 2, y + h * 0.42, w * 0.26, GOLD),
    label(x + w / 2, y + h * 0.78, card.name, { "text-anchor": "middle", "font-size": Math.min(10, w * 0.18), fill: "#d8c58a", "font-family": SERIF }, w * 0.86),
  ];
  return nodes;
}

function vaseFace(card, x, y, w, h, caption) {
  const spaces = Number(String(card.name || "").replace(/\D/g, "")) || 0;
  return [
    frame(x, y, w, h, "#c8693a", "#7d3a1a"),
    svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: Math.max(2, w * 0.06), fill: "none", stroke: "#2b1d14", "stroke-width": 0.8, opacity: 0.6 }),
    amphora(x + w / 2, y + h * 0.45, h * 0.5, "#2b1d14"),
    caption ? label(x + w / 2, y + h * 0.9, spaces >= 7 ? "7+ spaces" : `${spaces} spaces`, { "text-anchor": "middle", "font-size": Math.min(9, w * 0.17), fill: "#fff3e6", "font-family": SANS }, w * 0.9) : null,
    vpBadge(x + w - w * 0.2, y + w * 0.2, w * 0.15, card.vp),
  ];
}

function pantheonFace(card, x, y, w, h) {
  return [
    frame(x, y, w, h, "#efebe2", "#8d8779"),
    temple(x + w / 2, y + h * 0.45, w * 0.5, "#8d8779"),
    label(x + w / 2, y + h * 0.18, "Pantheon", { "text-anchor": "middle", "font-size": Math.min(10, w * 0.17), "font-weight": "bold", fill: INK, "font-family": SERIF }, w * 0.9),
    vpBadge(x + w - w * 0.2, y + h - w * 0.2, w * 0.14, card.vp),
  ];
}

function hadesFace(card, x, y, w, h) {
  return [
    frame(x, y, w, h, "#1f1a24", "#000"),
    helm(x + w / 2, y + h * 0.48, w * 0.5, "#9a8fb0"),
    label(x + w / 2, y + h * 0.88, card.name || "Hades", { "text-anchor": "middle", "font-size": Math.min(10, w * 0.18), "font-weight": "bold", fill: "#e8e0f5", "font-family": SERIF }, w * 0.9),
  ];
}

// A card face at (x, y) of size w x h. `large` adds details that only fit on big cards.
export function cardFace(card, x, y, w, h, { large = false, caption = true, attrs = {} } = {}) {
  let nodes;
  if (card.kind === "demigod") nodes = demigodFace(card, x, y, w, h, large);
  else if (card.kind === "god") nodes = card.face_down ? godBack(card, x, y, w, h) : godFace(card, x, y, w, h, large);
  else if (card.kind === "vase") nodes = vaseFace(card, x, y, w, h, caption);
  else if (card.kind === "pantheon") nodes = pantheonFace(card, x, y, w, h);
  else nodes = hadesFace(card, x, y, w, h);
  return svg("g", attrs, [shadow(x, y, w, h), ...nodes, svg("title", {}, [describeCard(card)])]);
}

// An empty place for a card: a dashed outline with a word in it.
export function emptySlot(x, y, w, h, word) {
  return svg("g", {}, [
    svg("rect", { x, y, width: w, height: h, rx: Math.max(3, w * 0.08), fill: "#000", "fill-opacity": 0.03, stroke: "#b9ab8e", "stroke-dasharray": "4 3" }),
    label(x + w / 2, y + h / 2 + 4, word, { "text-anchor": "middle", "font-size": 10, fill: MUTED, "font-family": SANS, "font-style": "italic" }, w * 0.85),
  ]);
}

// Cards under the top card of a stack, drawn as offset edges (at most `max` of them).
export function stackEdges(x, y, w, h, count, fill, stroke, max = 3) {
  const nodes = [];
  const n = Math.min(max, Math.max(0, count - 1));
  for (let k = n; k >= 1; k -= 1) {
    nodes.push(svg("rect", { x: x + k * 2.5, y: y + k * 2.5, width: w, height: h, rx: Math.max(3, w * 0.08), fill, stroke, "stroke-width": 1 }));
  }
  return nodes;
}

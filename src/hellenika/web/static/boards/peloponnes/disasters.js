// Peloponnes board: the disaster tiles with the chits revealed on them (a disaster strikes every player when
// its third chit lands), the Persians with their chits, their strength against the players' and the attacks
// so far (expansion), and the face-down chit stacks with the chits still face down by kind (above them), the
// chits known under the second stack, the chit just drawn (Ariadne sees it first) and how many chits this
// round still draws.
import { svg, text } from "../../js/svg.js";
import { ACCENT, FAINT, GOLD, INK, LINE, MUTED, PAPER, WARN, label, shade } from "./theme.js";
import { DISASTERS, DISASTER_THRESHOLD, PERSIAN_ATTACKS, PERSIAN_CHITS } from "./catalogue.js";
import { disasterIcon, goodIcon } from "./icons.js";

const HEIGHT = 96;

function wrap(words, max) {
  const lines = [];
  let line = "";
  for (const word of String(words).split(" ")) {
    if (line && (line + " " + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// A chit as a small token: the disaster's symbol, a Persian value, or blank.
export function chitToken(id, x, y, r) {
  const persian = /^persians-(\d+)$/.exec(id || "");
  const disaster = persian ? "persians" : id;
  const d = DISASTERS.find((e) => e.id === disaster);
  const g = svg("g", { class: "pel-chit", "data-chit": id || "" });
  g.append(svg("circle", { cx: x, cy: y, r, fill: "#fbf3e0", stroke: d ? d.colour : FAINT, "stroke-width": 1.6 }));
  if (persian) {
    g.append(text(x, y + r * 0.4, persian[1], { "text-anchor": "middle", "font-size": r * 1.15, "font-weight": 700, fill: d.colour }));
  } else if (d) {
    g.append(disasterIcon(d.id, x, y, r * 1.3));
  } else {
    g.append(text(x, y + r * 0.35, "–", { "text-anchor": "middle", "font-size": r, fill: MUTED }));
  }
  g.append(svg("title", {}, [persian ? `Persian chit, strength ${persian[1]}` : d ? `${d.name} chit` : "Blank chit"]));
  return g;
}

// A chit kind in words: "Plague", "Persian 2" (its strength), "Blank".
function chitKind(id) {
  const persian = /^persians-(\d+)$/.exec(id || "");
  if (persian) return `Persian ${persian[1]}`;
  const d = DISASTERS.find((e) => e.id === id);
  return d ? d.name : "Blank";
}

// The chits still face down, by kind (the view's chit_stacks.face_down_by_kind, in the game's chit order): a
// tab of tokens with their counts, right-aligned to `right` and centred on `cy`; kinds none of which is left
// are faded. With the expansion the mix is that of both stacks (which stack holds which is hidden) until
// stack 1 is used up: then it is exactly stack 2. The chits slid under stack 2 are known and not in it (the
// box below lists them).
function chitTally(ctx, right, cy) {
  const st = ctx.view.chit_stacks || {};
  const kinds = Object.entries(st.face_down_by_kind || {});
  if (!kinds.length) return null;
  const stack2 = Boolean(ctx.view.expansion) && !(st.stack_1 ?? 0) && (st.stack_2 ?? 0) > 0;
  const caption = stack2 ? "STACK 2 HOLDS" : "FACE DOWN";
  const r = 7.5;
  const widths = kinds.map(([, n]) => 2 * r + 4 + String(n).length * 7.5 + 9);
  const captionW = caption.length * 7 + 8; // bold capitals, letter-spaced
  const total = 10 + captionW + widths.reduce((a, b) => a + b, 0);
  const left = right - total;
  const g = svg("g", { class: "pel-chit-tally", "data-stack2": stack2 ? "true" : "false" });
  g.append(svg("rect", { x: left, y: cy - 11, width: total, height: 22, rx: 11, fill: "#f3ecdd", stroke: LINE }));
  g.append(text(left + 10, cy + 3, caption, { "font-size": 8.5, "font-weight": 700, fill: MUTED, "letter-spacing": "0.08em" }));
  let x = left + 10 + captionW;
  kinds.forEach(([id, n], i) => {
    const count = Number(n) || 0;
    const entry = svg("g", { class: "pel-chit-tally-entry", "data-chit": id, "data-count": count, opacity: count ? 1 : 0.35 });
    const token = chitToken(id, x + r, cy, r);
    token.querySelector("title").remove(); // the entry's own title says how many
    entry.append(token);
    entry.append(text(x + 2 * r + 3, cy + 4.5, String(count), { "font-size": 12.5, "font-weight": 700, fill: count ? INK : MUTED, class: "pel-chit-tally-count" }));
    entry.append(svg("title", {}, [`${chitKind(id)}: ${count} chit${count === 1 ? "" : "s"} face down`]));
    g.append(entry);
    x += widths[i];
  });
  const words = kinds.map(([id, n]) => `${chitKind(id)} ${n}`).join(", ");
  const where = ctx.view.expansion
    ? stack2 ? "stack 1 is used up, so these are exactly stack 2's" : "both stacks together; which stack holds which is hidden"
    : "the face-down stack";
  const under = (st.under_stack_2 || []).length;
  const after = under ? `; the ${under} chit${under === 1 ? "" : "s"} known under stack 2 come after them` : "";
  g.append(svg("title", {}, [`Chits still face down, drawn in an unknown order (${where}): ${words}${after}`]));
  return g;
}

function disasterTile(ctx, entry, x, y, w, focus) {
  const d = DISASTERS.find((e) => e.id === entry.id) || { id: entry.id, name: entry.name, short: "", colour: INK };
  const chits = Number(entry.chits) || 0;
  const struck = Boolean(entry.struck);
  const g = svg("g", { class: "pel-disaster", "data-disaster": entry.id, "data-chits": chits, "data-struck": struck ? "true" : "false" });
  g.append(svg("rect", { x, y, width: w, height: HEIGHT - 8, rx: 7, fill: struck ? shade(d.colour, 0.82) : PAPER, stroke: focus ? GOLD : struck ? d.colour : LINE, "stroke-width": focus ? 2.6 : struck ? 1.6 : 1 }));
  g.append(svg("rect", { x, y, width: 6, height: HEIGHT - 8, rx: 3, fill: d.colour }));
  g.append(disasterIcon(d.id, x + 24, y + 20, 22));
  g.append(label(x + 40, y + 19, d.name, { "font-size": 13, "font-weight": 700, fill: INK }, w - 46));
  wrap(d.short, Math.floor((w - 14) / 5.2)).slice(0, 2).forEach((line, i) => {
    g.append(text(x + 12, y + 44 + i * 12, line, { "font-size": 9.5, fill: MUTED }));
  });
  for (let k = 0; k < DISASTER_THRESHOLD; k++) {
    const cx = x + 18 + k * 20;
    const on = k < chits;
    g.append(svg("circle", { cx, cy: y + HEIGHT - 22, r: 7, fill: on ? d.colour : "none", stroke: on ? shade(d.colour, -0.3) : FAINT, "stroke-width": 1.2, class: on ? "pel-chit-slot pel-chit-on" : "pel-chit-slot" }));
  }
  if (struck) {
    g.append(svg("g", { class: "pel-struck" }, [
      svg("rect", { x: x + w - 62, y: y + HEIGHT - 32, width: 56, height: 18, rx: 3, fill: WARN, transform: `rotate(-6 ${x + w - 34} ${y + HEIGHT - 23})` }),
      text(x + w - 34, y + HEIGHT - 19, "STRUCK", { "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff", "letter-spacing": "0.08em", transform: `rotate(-6 ${x + w - 34} ${y + HEIGHT - 23})` }),
    ]));
  } else {
    g.append(text(x + w - 8, y + HEIGHT - 18, `${chits}/${DISASTER_THRESHOLD}`, { "text-anchor": "end", "font-size": 11, fill: MUTED }));
  }
  g.append(svg("title", {}, [`${d.name}: ${chits} of ${DISASTER_THRESHOLD} chits${struck ? " — it has struck" : ""}. ${d.short}.`]));
  return g;
}

function persianTile(ctx, entry, x, y, w, focus) {
  const d = DISASTERS.find((e) => e.id === "persians");
  const chits = Number(entry.chits) || 0;
  const attacks = Number(entry.attacks) || 0;
  const strength = ctx.participants.reduce((sum, p) => sum + (Number(p.strength) || 0), 0);
  const persian = Number(ctx.view.persian_strength) || 0;
  const sum = Number(entry.strength_sum) || 0;
  const seats = ctx.participants.filter((p) => !p.automaton).length;
  const times = sum ? Math.round(persian / sum) : ctx.view.solo ? 2 : seats;
  const g = svg("g", {
    class: "pel-persians", "data-chits": chits, "data-attacks": attacks, "data-sum": sum, "data-strength": persian, "data-players-strength": strength,
  });
  g.append(svg("rect", { x, y, width: w, height: HEIGHT - 8, rx: 7, fill: "#f8e9e4", stroke: focus ? GOLD : d.colour, "stroke-width": focus ? 2.6 : 1.3 }));
  g.append(svg("rect", { x, y, width: 6, height: HEIGHT - 8, rx: 3, fill: d.colour }));
  g.append(disasterIcon("persians", x + 24, y + 20, 22));
  g.append(text(x + 40, y + 19, "Persians", { "font-size": 13, "font-weight": 700, fill: INK }));
  g.append(text(x + w - 8, y + 19, `attacks ${attacks}/${PERSIAN_ATTACKS.length}`, { "text-anchor": "end", "font-size": 10.5, fill: attacks ? WARN : MUTED, "font-weight": 700 }));
  const slotW = (w - 28) / PERSIAN_CHITS;
  for (let k = 0; k < PERSIAN_CHITS; k++) {
    const cx = x + 16 + slotW * k + slotW / 2 - 4;
    const on = k < chits;
    g.append(svg("circle", { cx, cy: y + 40, r: 6.5, fill: on ? d.colour : "none", stroke: on ? shade(d.colour, -0.3) : FAINT, "stroke-width": 1.2, class: on ? "pel-chit-slot pel-chit-on" : "pel-chit-slot" }));
    if (PERSIAN_ATTACKS.includes(k + 1)) {
      g.append(svg("path", { d: `M ${cx + slotW / 2} ${y + 31} V ${y + 49}`, stroke: d.colour, "stroke-width": 1.6 }));
      g.append(text(cx + slotW / 2, y + 59, "⚔", { "text-anchor": "middle", "font-size": 9, fill: d.colour }));
    }
  }
  g.append(svg("g", { class: "pel-persian-strength" }, [
    text(x + 12, y + HEIGHT - 16, `sum ${sum} × ${times} = ${persian}`, { "font-size": 11.5, "font-weight": 700, fill: d.colour }),
    text(x + w - 30, y + HEIGHT - 16, `vs ${strength}`, { "text-anchor": "end", "font-size": 11.5, "font-weight": 700, fill: INK }),
    goodIcon("strength", x + w - 18, y + HEIGHT - 20, 14),
  ]));
  g.append(svg("title", {}, [
    `Persians: ${chits} of ${PERSIAN_CHITS} chits, values ${sum} × ${times} = ${persian} against the players' strength ${strength}; they attack after their 3rd and 6th chit (${attacks} so far)`,
  ]));
  return g;
}

function chitStacks(ctx, x, y, w) {
  const { view } = ctx;
  const st = view.chit_stacks || {};
  const decision = view.decision || {};
  const g = svg("g", { class: "pel-chit-stacks", "data-face-down": st.face_down ?? 0, "data-under": (st.under_stack_2 || []).length });
  g.append(svg("rect", { x, y, width: w, height: HEIGHT - 8, rx: 7, fill: "#f3ecdd", stroke: LINE }));
  // The face-down stacks, as piles of discs.
  const pile = (px, n, words) => {
    const node = svg("g", { class: "pel-chit-pile", "data-count": n });
    for (let i = 0; i < Math.min(n, 6); i++) node.append(svg("ellipse", { cx: px, cy: y + 32 - i * 2.5, rx: 13, ry: 5, fill: "#6d4a2f", stroke: "#3e2a1a", "stroke-width": 0.8 }));
    if (!n) node.append(svg("ellipse", { cx: px, cy: y + 32, rx: 13, ry: 5, fill: "none", stroke: FAINT, "stroke-dasharray": "3 2" }));
    node.append(text(px, y + 52, String(n), { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: INK }));
    node.append(text(px, y + 64, words, { "text-anchor": "middle", "font-size": 8.5, fill: MUTED }));
    return node;
  };
  if (view.expansion) {
    g.append(pile(x + 22, st.stack_1 ?? 0, "stack 1"));
    g.append(pile(x + 56, st.stack_2 ?? 0, "stack 2"));
  } else {
    g.append(pile(x + 26, st.face_down ?? 0, "face down"));
  }
  const ix = x + (view.expansion ? 80 : 52);
  const drawn = decision.chit || null;
  if (drawn) {
    g.append(text(ix, y + 15, "ARIADNE SEES", { "font-size": 8.5, "font-weight": 700, fill: GOLD, "letter-spacing": "0.08em" }));
    g.append(svg("circle", { cx: ix + 14, cy: y + 32, r: 14, fill: "none", stroke: GOLD, "stroke-width": 2, class: "pel-pulse" }));
    const token = chitToken(drawn, ix + 14, y + 32, 11);
    token.classList.add("pel-drawn-chit");
    g.append(token);
  } else {
    g.append(text(ix, y + 15, "LAST CHIT", { "font-size": 8.5, "font-weight": 700, fill: MUTED, "letter-spacing": "0.08em" }));
    if (view.last_chit) g.append(chitToken(view.last_chit, ix + 14, y + 32, 11));
    else g.append(text(ix, y + 36, "none yet", { "font-size": 10, fill: FAINT }));
  }
  const left = view.chits_to_draw_this_round || 0;
  g.append(text(ix, y + 60, left ? `${left} more this round` : "", { "font-size": 9.5, fill: left ? ACCENT : MUTED, "font-weight": 700, class: "pel-chits-left", "data-count": left }));
  const under = st.under_stack_2 || [];
  if (view.expansion) {
    g.append(text(x + 8, y + HEIGHT - 14, under.length ? "under stack 2:" : "", { "font-size": 8.5, fill: MUTED }));
    under.slice(0, 6).forEach((id, i) => {
      const t = chitToken(id, x + 76 + i * 17, y + HEIGHT - 17, 7.5);
      t.classList.add("pel-under-chit");
      g.append(t);
    });
  }
  g.append(svg("title", {}, [
    `Disaster chits: ${st.face_down ?? 0} face down${view.expansion ? ` (stack 1: ${st.stack_1 ?? 0}, stack 2: ${st.stack_2 ?? 0})` : ""}${under.length ? `; known under stack 2: ${under.join(", ")}` : ""}`,
  ]));
  return g;
}

export function drawDisasters(ctx, width) {
  const { view } = ctx;
  const decision = view.decision || {};
  const focus = decision.disaster || decision.event || null;
  const list = view.disasters || [];
  const g = svg("g", { class: "pel-disasters" });
  g.append(text(0, 15, "DISASTERS · each strikes when its third chit lands; a tile with its shield protects", { "font-size": 10, "font-weight": 700, fill: MUTED, "letter-spacing": "0.08em", class: "pel-disasters-caption" }));
  const tally = chitTally(ctx, width, 11);
  if (tally) g.append(tally);
  const y = 28;
  const boxW = view.expansion ? 196 : 170;
  const gap = 8;
  const plain = list.filter((e) => e.id !== "persians");
  const persians = list.find((e) => e.id === "persians");
  const persW = persians ? 200 : 0;
  const room = width - boxW - gap - (persians ? persW + gap : 0);
  const w = Math.min(160, (room - gap * Math.max(plain.length - 1, 0)) / Math.max(plain.length, 1));
  let x = 0;
  for (const entry of plain) {
    g.append(disasterTile(ctx, entry, x, y, w, focus === entry.id));
    x += w + gap;
  }
  if (persians) {
    g.append(persianTile(ctx, persians, x, y, persW, focus === "persians"));
    x += persW + gap;
  }
  g.append(chitStacks(ctx, width - boxW, y, boxW));
  return { node: g, height: y + HEIGHT };
}

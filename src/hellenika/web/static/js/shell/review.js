// The post-game review page (/replays/{id}/review): for one seat of a finished game, the decisions the search
// judged (GET /api/replays/{id}/review?seat=n), the three biggest mistakes first, each a link to the replay at
// that step, and the seat's evaluation over the game as an inline SVG chart. "Review this game" asks the
// server to compute it in the background (POST, with the CSRF header); while it is queued or running the page
// shows its progress and asks again every 1.5 s. The seat shown is kept in the address (?seat=n).
import { get, post } from "./api.js";
import { byId, h } from "./dom.js";
import { loginUrl, mountHeader, showError } from "./header.js";

const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 1500;
const replayId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.search);

let user = null;
let seat = params.has("seat") ? Number(params.get("seat")) : null;
let timer = null;
let answer = null;

function reviewUrl() {
  const query = seat === null || Number.isNaN(seat) ? "" : `?seat=${seat}`;
  return `/api/replays/${encodeURIComponent(replayId)}/review${query}`;
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

function percent(value) {
  return Math.round((Math.max(-1, Math.min(1, value)) + 1) * 50);
}

// The evaluation (the search's value of the position for the seat, as a share of opponents beaten: the win
// chance with two players) at each of the seat's decisions; mistakes are red dots with their words.
function chart(review, steps, name, room) {
  // As wide in user units as the space on the page (320 to 640 CSS px), so its text stays readable on phones.
  const width = Math.round(Math.max(320, Math.min(640, room || 640)));
  const height = width < 480 ? 200 : 220;
  const left = 40;
  const right = 12;
  const top = 12;
  const bottom = 28;
  const x = (step) => left + (steps > 0 ? (step / steps) * (width - left - right) : 0);
  const y = (value) => top + (1 - percent(value) / 100) * (height - top - bottom);
  const points = review.curve.map((p) => `${x(p.step).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const values = review.curve.map((p) => percent(p.value));
  const label = values.length
    ? `Evaluation for ${name} at each decision, from ${values[0]}% at the start to ${values[values.length - 1]}% at the end (lowest ${Math.min(...values)}%, highest ${Math.max(...values)}%)`
    : `No decisions of ${name} to chart`;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, id: "review-chart" });
  root.append(svg("title", {}, label));
  for (const level of [0, 50, 100]) {
    const yy = top + (1 - level / 100) * (height - top - bottom);
    root.append(svg("line", { x1: left, x2: width - right, y1: yy, y2: yy, class: level === 50 ? "hk-chart-even" : "hk-chart-axis" }));
    root.append(svg("text", { x: left - 6, y: yy + 4, "text-anchor": "end", class: "hk-chart-label" }, `${level}%`));
  }
  root.append(svg("text", { x: left, y: height - 8, class: "hk-chart-label" }, "step 0"));
  root.append(svg("text", { x: width - right, y: height - 8, "text-anchor": "end", class: "hk-chart-label" }, `step ${steps}`));
  if (review.curve.length > 1) root.append(svg("polyline", { points, class: "hk-chart-line" }));
  for (const d of review.decisions) {
    const bad = d.verdict === "mistake" || d.verdict === "blunder";
    if (!bad && review.curve.length > 1) continue;
    const dot = svg("circle", { cx: x(d.step).toFixed(1), cy: y(d.best_value).toFixed(1), r: bad ? 5 : 3.5, class: bad ? "hk-chart-mistake" : "hk-chart-point" });
    dot.append(svg("title", {}, `Step ${d.step}: ${d.played_label}${bad ? ` (${d.verdict}: ${d.words})` : ""}`));
    root.append(dot);
  }
  return root;
}

function mistakeItem(d, rank) {
  const link = h("a", { href: d.replay_url, class: "hk-mistake-link", dataset: { step: String(d.step) } }, `Show step ${d.step} on the board`);
  const kind = d.verdict || "inaccuracy";
  return h("li", { id: `mistake-${rank}`, dataset: { step: String(d.step), loss: String(d.loss) } },
    h("span", { class: "hk-verdict", text: `${kind[0].toUpperCase()}${kind.slice(1)}: ` }),
    `at step ${d.step} the move played was “${d.played_label}”; the search prefers “${d.best_label}”, `,
    `${d.words} (${d.played_share}% against ${d.value_share}%). `, link);
}

function decisionsTable(review) {
  const head = h("thead", {}, h("tr", {},
    ["Step", "Played", "The search prefers", "Cost"].map((t) => h("th", { scope: "col", text: t }))));
  const rows = review.decisions.map((d) => h("tr", { class: d.verdict ? "hk-review-bad" : null },
    h("td", {}, h("a", { href: d.replay_url, text: String(d.step) })),
    h("td", { text: d.played_label }),
    h("td", { text: d.same ? "the same" : d.best_label }),
    h("td", { text: d.same ? "–" : `${d.verdict ? `${d.verdict}: ` : ""}${d.words}` })));
  return [h("caption", { class: "hk-visually-hidden", text: "Every decision with a real choice" }), head, h("tbody", {}, rows)];
}

function statusWords(review, name) {
  switch (review.status) {
    case "queued":
      return review.position ? `Waiting: ${review.position} review${review.position === 1 ? "" : "s"} before this one.` : "Waiting for a free worker…";
    case "running":
      return review.total ? `Analysing ${name}'s decisions: ${review.done} of ${review.total}.` : `Analysing ${name}'s decisions…`;
    case "failed":
      return review.error || "The review failed; ask again to retry.";
    case "done": {
      const s = review.summary;
      return `${s.decisions} decision${s.decisions === 1 ? "" : "s"} of ${name} judged (${review.iterations} search iterations a decision, ${review.seconds} s): `
        + `the search agreed with ${s.agreed}, found ${s.mistakes} mistake${s.mistakes === 1 ? "" : "s"} and ${s.blunders} blunder${s.blunders === 1 ? "" : "s"}.`;
    }
    default:
      return `${name}'s decisions have not been reviewed yet.`;
  }
}

function draw() {
  const { replay, review } = answer;
  const names = replay.names || [];
  const name = names[answer.seat] || `Seat ${answer.seat + 1}`;
  seat = answer.seat;
  document.title = `Review: ${replay.title} #${replay.id} — Hellenika`;
  byId("title").textContent = `Review: ${replay.title} #${replay.id}`;
  byId("summary").textContent = [names.join(", "), `${replay.steps} steps`].filter(Boolean).join(" · ");
  byId("replay-link").href = replay.replay_url;
  const select = byId("seat");
  const options = answer.seats.map((s) => h("option", { value: String(s), selected: s === answer.seat }, `${names[s] || `Seat ${s + 1}`}${answer.mine.includes(s) ? " (you)" : ""}`));
  if (select.options.length !== options.length || select.value !== String(answer.seat)) select.replaceChildren(...options);
  byId("status").textContent = statusWords(review, name);
  const progress = byId("progress");
  progress.hidden = review.status !== "running" && review.status !== "queued";
  progress.max = Math.max(1, review.total);
  progress.value = review.done;
  const idle = review.status === "none" || review.status === "failed";
  byId("start").hidden = !idle || !user;
  byId("start").disabled = false;
  byId("start").textContent = review.status === "failed" ? "Try again" : "Review this game";
  const login = byId("login-link");
  login.hidden = !idle || Boolean(user);
  login.href = loginUrl();
  byId("done").hidden = review.status !== "done";
  document.body.dataset.review = review.status;
  if (review.status === "done") {
    byId("mistakes").replaceChildren(...(review.mistakes.length
      ? review.mistakes.map((d, i) => mistakeItem(d, i + 1))
      : [h("li", { text: "None: the search found no move that cost more than a percentage point." })]));
    byId("chart").replaceChildren(chart(review, replay.steps, name, byId("chart").clientWidth));
    byId("chart-note").textContent = replay.players === 2
      ? "The line is the search's estimate of the win chance at each decision; red dots are mistakes."
      : "The line is the search's estimate of the share of opponents beaten at each decision; red dots are mistakes.";
    byId("decisions").replaceChildren(...decisionsTable(review));
  }
  if (timer) clearTimeout(timer);
  timer = review.status === "queued" || review.status === "running" ? setTimeout(refresh, POLL_MS) : null;
}

function keepSeat() {
  const url = new URL(location.href);
  url.searchParams.set("seat", String(seat));
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}

async function refresh() {
  try {
    answer = await get(reviewUrl());
    draw();
  } catch (error) {
    showError(error);
    if (!answer) {
      byId("title").textContent = "Review unavailable";
      byId("status").textContent = error.message;
    }
  }
  document.body.dataset.ready = "1";
}

async function start() {
  const button = byId("start");
  button.disabled = true;
  try {
    answer = await post(`/api/replays/${encodeURIComponent(replayId)}/review`, { seat: answer ? answer.seat : seat });
    draw();
  } catch (error) {
    showError(error);
    button.disabled = false;
  }
}

async function main() {
  user = await mountHeader();
  byId("start").addEventListener("click", start);
  byId("seat").addEventListener("change", (event) => {
    seat = Number(event.target.value);
    keepSeat();
    refresh();
  });
  await refresh();
}

main();

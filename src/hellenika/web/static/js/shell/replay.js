// The replay page: a recorded game step by step (GET /api/replays/{id}?step=n answers the spectator's table
// model after n actions). First / Back / Forward / Last, a slider, the arrow keys and a click on a log line move
// through it. The step shown is kept in the address (/replays/{id}?step=n, replaced, not pushed), so a move can
// be linked: opening such an address opens that step. The log marks the lines of the step's action.
import { drawBoard } from "../board-host.js";
import { get } from "./api.js";
import { byId } from "./dom.js";
import { ReplayChat } from "./chat.js";
import { mountHeader, showError } from "./header.js";
import { renderLog } from "./log.js";
import { scoreTable, winnerLine } from "./scores.js";
import { wireUpload } from "./upload.js";
import { drawClocks } from "./clocks.js";

const replayId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.search);
const ui = { choose() {}, highlight() {} };

let steps = 0;
let current = -1;
let wanted = 0;
let loading = false;
// A finished table's chat (linked from its table page with ?table=), each line from its step on.
const chat = params.get("table") ? new ReplayChat(params.get("table")) : null;

function stepsOf(answer) {
  const meta = answer.replay || {};
  for (const value of [answer.steps, meta.steps, answer.total_steps, meta.total_steps, answer.length, meta.length]) {
    if (Number.isInteger(value)) return value;
  }
  return null;
}

function recordHref(answer) {
  const meta = answer.replay || {};
  if (answer.record_url || meta.record_url) return answer.record_url || meta.record_url;
  if (params.get("table")) return `/api/tables/${encodeURIComponent(params.get("table"))}/record`;
  return "";
}

async function fetchStep(step) {
  return get(`/api/replays/${encodeURIComponent(replayId)}?step=${step}`);
}

function drawControls() {
  const slider = byId("step");
  slider.max = String(steps);
  slider.value = String(current);
  byId("first").disabled = byId("back").disabled = current <= 0;
  byId("forward").disabled = byId("last").disabled = current >= steps;
  byId("position").textContent = `Step ${current} of ${steps}`;
}

async function draw(model) {
  byId("title").textContent = `Replay: ${model.title}`;
  byId("turn").textContent = model.finished
    ? "Game over"
    : model.to_move === null || model.to_move === undefined ? "Next: a roll, a draw or a deal" : `${model.names[model.to_move]} to move`;
  byId("result").hidden = !model.finished;
  if (model.finished) {
    byId("winner").textContent = winnerLine(model);
    byId("scores").replaceChildren(scoreTable(model));
  }
  // The clocks as they stood after this step, when the game kept time (nothing runs in a replay).
  drawClocks(byId("clocks"), model.replay && model.replay.clock, model);
  // Step n shows the game after n actions: the lines of the last of them (history index n - 1) are current.
  renderLog(byId("log"), model.log, model.names, { current: current - 1, reveal: true });
  if (chat) chat.showUpTo(current);
  await drawBoard(byId("board"), model, ui);
}

// The address of the step shown: ?step=n beside the page's other parameters (?table=...).
function keepStep(step) {
  const url = new URL(location.href);
  url.searchParams.set("step", String(step));
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}

// Go to a step; fast clicks collapse into the last one asked for.
async function go(step) {
  wanted = Math.max(0, Math.min(steps, step));
  if (loading) return;
  loading = true;
  try {
    while (wanted !== current) {
      const target = wanted;
      const model = await fetchStep(target);
      current = target;
      drawControls();
      await draw(model);
      keepStep(current);
      document.body.dataset.step = String(current);
    }
  } catch (error) {
    showError(error);
    wanted = current;
    drawControls();
  } finally {
    loading = false;
  }
}

async function main() {
  await mountHeader();
  wireUpload(byId("upload-form"));
  if (chat) await chat.load();
  byId("first").addEventListener("click", () => go(0));
  byId("back").addEventListener("click", () => go(wanted - 1));
  byId("forward").addEventListener("click", () => go(wanted + 1));
  byId("last").addEventListener("click", () => go(steps));
  byId("step").addEventListener("input", (event) => go(Number(event.target.value)));
  // A log line opens the step right after its action.
  byId("log").classList.add("hk-log-linked");
  byId("log").addEventListener("click", (event) => {
    const line = event.target instanceof Element ? event.target.closest("p[data-step]") : null;
    if (line && line.dataset.step !== "" && !Number.isNaN(Number(line.dataset.step))) go(Number(line.dataset.step) + 1);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowLeft") go(wanted - 1);
    else if (event.key === "ArrowRight") go(wanted + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(steps);
    else return;
    event.preventDefault();
  });
  try {
    // The first answer tells the length; without a length field, the final step's version is the length.
    const first = await fetchStep(0);
    steps = stepsOf(first);
    if (steps === null) {
      const last = await get(`/api/replays/${encodeURIComponent(replayId)}`);
      steps = stepsOf(last) ?? last.version ?? 0;
    }
    const href = recordHref(first);
    if (href) {
      const link = byId("record-link");
      link.href = href;
      link.hidden = false;
      link.setAttribute("download", `hellenika-${first.game}-replay-${replayId}.json`);
    }
    // The post-game review of the same game (js/shell/review.js).
    const review = byId("review-link");
    review.href = `/replays/${encodeURIComponent(replayId)}/review`;
    review.hidden = false;
    const meta = first.replay || {};
    const players = (meta.names || first.names || []).join(", ");
    byId("summary").textContent = [meta.title || first.title, players, `${steps} steps`]
      .filter(Boolean).join(" · ");
    // A linked step (?step=n) opens at once, without showing the start first.
    const start = params.has("step") ? Number(params.get("step")) : 0;
    if (Number.isInteger(start) && start > 0) {
      await go(start);
    } else {
      current = 0;
      drawControls();
      await draw(first);
      document.body.dataset.step = "0";
    }
  } catch (error) {
    byId("title").textContent = "Replay unavailable";
    showError(error);
  }
  document.body.dataset.ready = "1";
}

main();

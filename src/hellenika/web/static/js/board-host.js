// Loads a game's board module (static/boards/<game>.js) and draws a table model with it.
// A board that fails to load or throws falls back to the generic text view, and the error is reported.
//
// The host also makes every board zoomable and pannable, the same way for all games: a toolbar above the
// board (zoom out, zoom in, fit the width, and "Zoom to read", the zoom at which the board's smallest text is
// READABLE_PX CSS px), Ctrl + wheel and a two-finger pinch. Zooming widens the board's <svg> inside its box;
// the box then scrolls both ways (a finger or the scroll bars pan it). The zoom lasts across redraws.
const cache = new Map();
export const READABLE_PX = 11;
const MIN_ZOOM = 1;
const MAX_ZOOM = 8;
const STEP = 1.25;
const zooms = new WeakMap(); // container -> { scale, tools }

async function load(game) {
  if (!cache.has(game)) {
    cache.set(game, import(`../boards/${game}.js`).catch((error) => {
      console.warn(`board module for ${game} unavailable, using the generic view:`, error);
      return import("../boards/_generic.js");
    }));
  }
  return cache.get(game);
}

export async function drawBoard(container, model, ui) {
  const board = await load(model.game);
  try {
    board.render(container, model, ui);
  } catch (error) {
    console.error(`board ${model.game} failed to render`, error);
    const generic = await import("../boards/_generic.js");
    generic.render(container, model, ui);
  }
  zoomable(container);
}

function rootSvg(container) {
  return container.querySelector(":scope > svg") || container.querySelector("svg");
}

// The smallest board text as drawn now, in CSS px (Infinity for a board without text).
export function smallestText(container) {
  const root = rootSvg(container);
  if (!root) return Infinity;
  let smallest = Infinity;
  for (const node of root.querySelectorAll("text")) {
    if (!node.textContent.trim()) continue;
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const matrix = node.getScreenCTM();
    const size = parseFloat(getComputedStyle(node).fontSize);
    if (!matrix || !size) continue;
    smallest = Math.min(smallest, size * Math.hypot(matrix.a, matrix.b));
  }
  return smallest;
}

function button(label, words, onclick) {
  const el = document.createElement("button");
  el.type = "button";
  el.textContent = label;
  if (words) el.setAttribute("aria-label", words);
  el.addEventListener("click", onclick);
  return el;
}

function toolbar(container, state) {
  const tools = document.createElement("div");
  tools.className = "hk-board-tools";
  tools.setAttribute("role", "toolbar");
  tools.setAttribute("aria-label", "Board zoom");
  const level = document.createElement("span");
  level.className = "hk-zoom-level";
  level.setAttribute("aria-live", "polite");
  const out = button("−", "Zoom out", () => setZoom(container, state.scale / STEP));
  const into = button("+", "Zoom in", () => setZoom(container, state.scale * STEP));
  const fit = button("Fit width", null, () => setZoom(container, 1));
  const read = button("Zoom to read", null, () => setZoom(container, readableZoom(container)));
  out.dataset.zoom = "out";
  into.dataset.zoom = "in";
  fit.dataset.zoom = "fit";
  read.dataset.zoom = "read";
  tools.append(out, into, fit, read, level);
  state.level = level;
  container.before(tools);
  return tools;
}

// The zoom at which the smallest text is READABLE_PX (at least 1, at most MAX_ZOOM).
export function readableZoom(container) {
  const state = zooms.get(container);
  const smallest = smallestText(container);
  if (!Number.isFinite(smallest)) return 1;
  return clamp(state.scale * (READABLE_PX / smallest) * 1.01);
}

function clamp(scale) {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

// Set the zoom, keeping the point at (fx, fy) of the box (its centre by default) where it is.
export function setZoom(container, scale, fx = 0.5, fy = 0.5) {
  const state = zooms.get(container);
  if (!state) return;
  const next = clamp(scale);
  const x = container.scrollLeft + container.clientWidth * fx;
  const y = container.scrollTop + container.clientHeight * fy;
  const ratio = next / state.scale;
  state.scale = next;
  apply(container, state);
  container.scrollLeft = x * ratio - container.clientWidth * fx;
  container.scrollTop = y * ratio - container.clientHeight * fy;
}

function apply(container, state) {
  const root = rootSvg(container);
  if (root) {
    root.style.width = `${state.scale * 100}%`;
    root.style.maxWidth = "none";
  }
  container.classList.toggle("hk-zoomed", state.scale > 1.001);
  container.dataset.zoom = state.scale.toFixed(3);
  const smallest = smallestText(container);
  container.dataset.smallestText = Number.isFinite(smallest) ? smallest.toFixed(2) : "";
  state.level.textContent = `${Math.round(state.scale * 100)} %`;
  const [out, into, fit] = state.tools.querySelectorAll("button");
  out.disabled = state.scale <= MIN_ZOOM + 0.001;
  into.disabled = state.scale >= MAX_ZOOM - 0.001;
  fit.disabled = out.disabled;
}

function zoomable(container) {
  let state = zooms.get(container);
  if (!state) {
    state = { scale: 1 };
    state.tools = toolbar(container, state);
    zooms.set(container, state);
    gestures(container, state);
  }
  apply(container, state);
}

function gestures(container, state) {
  container.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const box = container.getBoundingClientRect();
    const factor = Math.exp(-event.deltaY / 300);
    setZoom(container, state.scale * factor, (event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  }, { passive: false });
  // Two fingers: the zoom follows the distance between them, about their midpoint. One finger pans (the box
  // scrolls natively; its touch-action lets the browser pan but not pinch-zoom the whole page).
  let pinch = null;
  const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  container.addEventListener("touchstart", (event) => {
    if (event.touches.length === 2) pinch = { distance: spread(event.touches), scale: state.scale };
  }, { passive: true });
  container.addEventListener("touchmove", (event) => {
    if (!pinch || event.touches.length !== 2) return;
    event.preventDefault();
    const box = container.getBoundingClientRect();
    const mx = (event.touches[0].clientX + event.touches[1].clientX) / 2;
    const my = (event.touches[0].clientY + event.touches[1].clientY) / 2;
    const distance = spread(event.touches);
    if (pinch.distance > 0) setZoom(container, pinch.scale * (distance / pinch.distance), (mx - box.left) / box.width, (my - box.top) / box.height);
  }, { passive: false });
  const end = (event) => { if (event.touches.length < 2) pinch = null; };
  container.addEventListener("touchend", end);
  container.addEventListener("touchcancel", end);
}

// The table's clocks: each seat's time left, the running one counting down. The server's clock is the truth:
// every message carries each seat's seconds left at the moment the server wrote it (table.clock.remaining),
// and the page counts the running seat down from the moment it read that message (performance.now(), which
// no change of the computer's clock moves), so a page never drifts by more than one message's travel.
// Live clocks show tenths of a second in their last ten seconds; turn-based ones days, hours and minutes.
import { h } from "./dom.js";

const TICK_MS = 100;
let shown = null; // {clock, control, names, at, mySeat}
let timer = null;

// Seconds left for `seat` now, by the last message.
export function secondsLeft(seat) {
  if (!shown) return null;
  const left = shown.clock.remaining[seat];
  if (left === undefined) return null;
  if (seat !== shown.clock.running) return left;
  return Math.max(0, left - (performance.now() - shown.at) / 1000);
}

function pad(value) {
  return String(value).padStart(2, "0");
}

// "4:07", "1:02:03", "8.4" (live, last ten seconds); "2 d 4 h", "5 h 10 min", "12 min" (turn-based).
export function clockWords(seconds, turnBased) {
  if (turnBased) {
    const minutes = Math.floor(seconds / 60);
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
    if (hours > 0) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
    return minutes > 0 ? `${minutes} min` : `${Math.ceil(seconds)} s`;
  }
  if (seconds < 10) return (Math.floor(seconds * 10) / 10).toFixed(1);
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

// Whether `seconds` is little enough to warn about (the server's rule: live, the last 10 % or 30 s;
// turn-based, the last 12 hours, or the last half of a shorter allowance).
export function isLow(seconds, control) {
  if (!control) return false;
  if (control.kind === "live") return seconds <= Math.max(30, 0.1 * control.base_seconds);
  if (control.kind === "bank" || control.kind === "per-move") {
    return seconds <= Math.min(12 * 3600, 0.5 * (control.cap_seconds || control.base_seconds));
  }
  return false;
}

function turnBased(control) {
  return control && control.kind !== "live";
}

function spokenTime(seconds, control) {
  const words = clockWords(seconds, turnBased(control));
  return turnBased(control) || seconds >= 60 ? words : `${words} seconds`;
}

function paint(container) {
  if (!shown) return;
  const { clock, control } = shown;
  for (const chip of container.querySelectorAll(".hk-clock")) {
    const seat = Number(chip.dataset.seat);
    const left = secondsLeft(seat);
    if (left === null) continue;
    const text = clockWords(left, turnBased(control));
    const value = chip.querySelector(".hk-clock-time");
    if (value.textContent !== text) value.textContent = text;
    const low = isLow(left, control);
    if (chip.classList.contains("hk-clock-low") !== low) chip.classList.toggle("hk-clock-low", low);
    chip.dataset.low = String(low);
    chip.dataset.seconds = String(Math.round(left * 10) / 10);
    const running = seat === clock.running;
    if (chip.dataset.running !== String(running)) chip.dataset.running = String(running);
  }
}

// Draw (or redraw) the clocks of `table` into `container`; names from the table model. Hidden without a clock.
export function drawClocks(container, table, model) {
  const clock = table && table.clock;
  const control = table && table.time_control;
  if (!clock || !control || control.kind === "none") {
    container.hidden = true;
    container.replaceChildren();
    shown = null;
    return;
  }
  shown = { clock, control, at: performance.now() };
  container.hidden = false;
  const names = model.names || [];
  const chips = clock.remaining.map((_, seat) => {
    const you = model.seat === seat;
    const name = names[seat] ?? `Player ${seat + 1}`;
    const timeouts = clock.timeouts[seat] || 0;
    return h(
      "li",
      { class: "hk-clock", dataset: { seat: String(seat), you: String(you) } },
      h("span", { class: "hk-clock-name", text: you ? `${name} (you)` : name }),
      h("span", { class: "hk-clock-time", role: "timer", "aria-label": `${name}'s time` }),
      timeouts ? h("span", { class: "hk-clock-timeouts", text: `ran out ${timeouts}×` }) : null,
    );
  });
  container.replaceChildren(
    h("ul", { class: "hk-clocks", "aria-label": "Time left" },
      h("li", { class: "hk-clock-kind hk-muted", text: `Clock: ${control.label}` }), chips),
  );
  paint(container);
  if (timer === null) timer = setInterval(() => paint(container), TICK_MS);
  const mine = model.seat;
  const running = clock.running;
  const summary = mine !== null && mine !== undefined && running === mine && model.to_move === mine
    ? `You have ${spokenTime(secondsLeft(mine), control)} left.` : "";
  container.dataset.summary = summary;
}

export function stopClocks() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  shown = null;
}

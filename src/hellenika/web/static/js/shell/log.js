// The game log in plain words, newest at the bottom. It follows new lines unless the reader has scrolled up.
import { h } from "./dom.js";

export function renderLog(container, log, names) {
  const follow = !container.childElementCount
    || container.scrollHeight - container.scrollTop - container.clientHeight < 40;
  container.replaceChildren(...(log || []).map((line) => {
    const actor = typeof line.actor === "number" && line.actor >= 0 ? line.actor : null;
    const p = h("p", { dataset: { step: String(line.step ?? "") } }, line.text);
    if (actor !== null) p.style.setProperty("--chip", `var(--hk-p${actor % 8})`);
    p.classList.toggle("hk-log-actor", actor !== null);
    if (actor !== null && names && names[actor]) p.title = names[actor];
    return p;
  }));
  if (follow) container.scrollTop = container.scrollHeight;
}

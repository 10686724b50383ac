// Building DOM without a framework: h("button", {type: "button", onclick: f}, "Start").
// Attributes named on* become listeners, `class` and `text` are shortcuts, false/null attributes are left out.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function byId(id) {
  return document.getElementById(id);
}

// A seat's name in the players' colour order, shared with the boards (css variables --hk-p0 ...).
export function playerChip(name, index, automaton = false) {
  const chip = h("span", { class: "hk-chip" }, name);
  chip.style.setProperty("--chip", automaton ? "var(--hk-auto)" : `var(--hk-p${index % 8})`);
  return chip;
}

export function formatTime(value) {
  if (value === null || value === undefined || value === "") return "";
  const date = typeof value === "number" ? new Date(value * (value < 1e12 ? 1000 : 1)) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

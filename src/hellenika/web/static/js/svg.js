// Tiny helpers to build SVG without a framework.
export const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, children = []) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    el.setAttribute(key, String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return el;
}

export function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, ...attrs }, [String(content)]);
}

// A clickable group for legal actions: one match chooses it, several highlight them in the action list.
export function target(element, indices, ui, title) {
  if (!indices.length) return element;
  element.classList.add("hk-target");
  element.setAttribute("role", "button");
  element.setAttribute("tabindex", "0");
  if (title) element.append(svg("title", {}, [title]));
  const act = () => (indices.length === 1 ? ui.choose(indices[0]) : ui.highlight(indices));
  element.addEventListener("click", act);
  // Enter and Space activate it, as they do a button (Space would otherwise scroll the page).
  element.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    act();
  });
  return element;
}

// The fallback board: the view as readable text, for a game whose board module is missing or failed.
export function render(container, model) {
  container.replaceChildren();
  const pre = document.createElement("pre");
  pre.className = "hk-generic";
  pre.textContent = JSON.stringify(model.view, null, 1);
  container.append(pre);
}

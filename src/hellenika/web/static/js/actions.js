// The generic action chooser: every legal action as a button with its plain-words label, a filter box for
// long lists, and highlighting when the board points at several actions.
export function renderActions(container, model, ui) {
  container.replaceChildren();
  if (!model.legal.length) {
    const p = document.createElement("p");
    p.className = "hk-muted";
    p.textContent = model.finished ? "The game is over." : "Waiting for another player.";
    container.append(p);
    return;
  }
  const list = document.createElement("div");
  list.className = "hk-actions";
  if (model.legal.length > 8) {
    const filter = document.createElement("input");
    filter.type = "search";
    filter.placeholder = "Filter choices…";
    filter.setAttribute("aria-label", "Filter choices");
    filter.addEventListener("input", () => {
      const needle = filter.value.toLowerCase();
      for (const button of list.querySelectorAll("button")) {
        button.hidden = !button.textContent.toLowerCase().includes(needle);
      }
    });
    container.append(filter);
  }
  for (const action of model.legal) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.index = String(action.index);
    button.dataset.notation = action.notation;
    button.append(document.createTextNode(action.label));
    // The name read out puts a comma between the label and the notation ("Take 3 marble, choose marble"):
    // from the content alone, the notation's text would run on from the label's.
    button.setAttribute("aria-label", action.notation ? `${action.label}, ${action.notation}` : action.label);
    const notation = document.createElement("span");
    notation.className = "hk-notation";
    notation.textContent = action.notation;
    button.append(notation);
    button.addEventListener("click", () => ui.choose(action.index));
    list.append(button);
  }
  container.append(list);
}

export function highlightActions(container, indices) {
  const wanted = new Set(indices.map(String));
  let first = null;
  for (const button of container.querySelectorAll("button[data-index]")) {
    const on = wanted.has(button.dataset.index);
    button.classList.toggle("hk-highlight", on);
    if (on && !first) first = button;
  }
  if (first) first.scrollIntoView({ block: "nearest" });
}

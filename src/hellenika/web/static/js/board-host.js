// Loads a game's board module (static/boards/<game>.js) and draws a table model with it.
// A board that fails to load or throws falls back to the generic text view, and the error is reported.
const cache = new Map();

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
}

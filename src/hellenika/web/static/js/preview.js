// Renders the generated fixtures (make fixtures) with the board modules, without a server.
// URL parameters ?game=hercules&fixture=2p-3-seat.json select one directly (used by the browser tests).
import { drawBoard } from "./board-host.js";
import { renderActions, highlightActions } from "./actions.js";

const GAMES = ["hercules", "hellas", "attika", "hellas_delonge", "peloponnes"];
const params = new URLSearchParams(location.search);
const gameSelect = document.getElementById("game");
const fixtureSelect = document.getElementById("fixture");

async function show() {
  const game = gameSelect.value;
  const model = await (await fetch(`fixtures/${game}/${fixtureSelect.value}`)).json();
  const ui = {
    choose(index) { document.getElementById("chosen").textContent = `chose ${model.legal[index].notation}`; },
    highlight(indices) { highlightActions(document.getElementById("actions"), indices); },
  };
  await drawBoard(document.getElementById("board"), model, ui);
  renderActions(document.getElementById("actions"), model, ui);
  document.getElementById("status").textContent =
    model.finished ? "Game over" : model.to_move === null ? "—" : `${model.names[model.to_move]} to move`;
  document.getElementById("log").replaceChildren(...model.log.slice(-15).map((e) => {
    const p = document.createElement("p"); p.textContent = e.text; return p;
  }));
  document.body.dataset.rendered = `${game}/${fixtureSelect.value}`;
}

async function loadFixtures() {
  const names = await (await fetch(`fixtures/${gameSelect.value}/index.json`)).json();
  fixtureSelect.replaceChildren(...names.map((n) => new Option(n, n)));
  if (params.get("fixture") && names.includes(params.get("fixture"))) fixtureSelect.value = params.get("fixture");
  await show();
}

gameSelect.replaceChildren(...GAMES.map((g) => new Option(g, g)));
if (params.get("game")) gameSelect.value = params.get("game");
gameSelect.addEventListener("change", loadFixtures);
fixtureSelect.addEventListener("change", show);
loadFixtures();

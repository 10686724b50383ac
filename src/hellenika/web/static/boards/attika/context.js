// What every part of the Attika board needs: the view, the catalogue by id, names and colours, and the
// legal actions matched by their JSON form.
import { participantColour } from "../../js/colours.js";

const FALLBACK_GROUPS = ["defense", "supply", "shipping", "mint", "vineyard", "city", "streets"];

export function makeContext(model, ui) {
  const view = model.view || {};
  const catalogue = view.catalogue || { buildings: [], groups: FALLBACK_GROUPS.map((id) => ({ id, name: id })) };
  const buildings = new Map(catalogue.buildings.map((b) => [b.id, b]));
  const players = view.players || [];
  const legal = model.legal || [];
  return {
    model,
    ui,
    view,
    catalogue,
    players,
    seat: model.seat ?? null,
    building(id) {
      return buildings.get(id) || { id, name: String(id), short: String(id).slice(0, 3), main: false, copies: 1, cost: "", group: "" };
    },
    name(p) {
      return (model.names && model.names[p]) || `Player ${p + 1}`;
    },
    colour(p) {
      return participantColour(p);
    },
    // Indices of the legal actions whose JSON form satisfies test(action).
    matching(test) {
      return legal.filter((a) => a.action && typeof a.action === "object" && test(a.action)).map((a) => a.index);
    },
    label(index) {
      const found = legal.find((a) => a.index === index);
      return found ? found.label : "";
    },
    labels(indices) {
      return indices.map((i) => this.label(i)).join("\n");
    },
  };
}

export function shorten(name, max = 20) {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

export function stackName(k) {
  return k === 0 ? "the main stack" : `stack ${k}`;
}

// Peloponnes board: what the view names only by id. The view carries a participant's civilization, hero and
// colony as ids, and a decision's tile by its id; their printed values live in the engine's data file
// (games/peloponnes/data/components.toml), mirrored here so the board can say what they do without a fetch.
// tests/web/test_board_peloponnes.py checks every value against the engine's catalogue.

// The 40 tiles, as the view writes them (view.py, tile_json): the board needs one the view does not list, the
// building a player is deciding to build now or to reserve (it lies beside his civilization, not yet placed).
// `protects` is a bitmask over DISASTERS.
export const TILES = {
  A01: {name: "Quarry hills", kind: "land", min_bid: 3, pp: 3, income: {stone: 3}},
  A02: {name: "Wooded hills", kind: "land", min_bid: 3, pp: 2, gain: {inhabitants: 1}, income: {wood: 1, stone: 1}},
  A03: {name: "Silver hills", kind: "land", min_bid: 4, pp: 2, gain: {inhabitants: 1, coins: 5}, income: {stone: 1}},
  A04: {name: "Market hills", kind: "land", min_bid: 4, pp: 2, gain: {inhabitants: 1, coins: 2}, income: {wood: 1, stone: 1}},
  A05: {name: "Wheat fields", kind: "land", min_bid: 3, pp: 1, income: {food: 3}},
  A06: {name: "Farmland", kind: "land", min_bid: 3, pp: 1, gain: {inhabitants: 2}, income: {food: 2, wood: 1}},
  A07: {name: "Forest", kind: "land", min_bid: 2, pp: 2, gain: {inhabitants: 2}, income: {wood: 3}},
  A08: {name: "Woodland farms", kind: "land", min_bid: 3, pp: 2, gain: {inhabitants: 2}, income: {food: 1, wood: 2}},
  A09: {name: "Forest village", kind: "land", min_bid: 2, pp: 1, gain: {inhabitants: 2}, income: {food: 1, wood: 2}},
  A10: {name: "Timber camp", kind: "land", min_bid: 2, pp: 2, gain: {inhabitants: 1, coins: 2}, income: {wood: 2}},
  A11: {name: "Barracks", kind: "building", min_bid: 2, pp: 4, cost: {wood: 1, stone: 2}, gain: {inhabitants: -2, coins: 4}, free_land: true},
  A12: {name: "Bridge", kind: "building", min_bid: 1, pp: 4, cost: {wood: 2, stone: 0}, gain: {inhabitants: 2}, income: {food: 1}},
  A13: {name: "Market", kind: "building", min_bid: 3, pp: 3, cost: {wood: 3, stone: 0}, gain: {inhabitants: 3}, income: {food: 1}, market: true},
  A14: {name: "Street", kind: "building", min_bid: 1, pp: 4, cost: {wood: 0, stone: 1}, gain: {inhabitants: 1}, income: {food: 1}},
  A15: {name: "Port", kind: "building", min_bid: 2, pp: 3, cost: {wood: 1, stone: 3}, gain: {inhabitants: 2}, income: {choice: 1}, protects: 16},
  B01: {name: "Aqueduct", kind: "building", min_bid: 4, pp: 4, cost: {wood: 1, stone: 3}, gain: {inhabitants: 2}, income: {food: 1}, protects: 1},
  B02: {name: "Agora", kind: "building", min_bid: 4, pp: 4, cost: {wood: 0, stone: 4}, gain: {inhabitants: 2}, income: {food: 1}, market: true},
  B03: {name: "Epidauros Odeon", kind: "building", min_bid: 6, pp: 7, cost: {wood: 2, stone: 3}, gain: {inhabitants: 3, luxury: 3}},
  B04: {name: "Orchards", kind: "land", min_bid: 4, pp: 2, gain: {inhabitants: 2}, income: {food: 2, wood: 1}},
  B05: {name: "Fertile plain", kind: "land", min_bid: 5, pp: 2, gain: {inhabitants: 1}, income: {food: 3}, supply: true},
  B06: {name: "Pine forest", kind: "land", min_bid: 3, pp: 4, gain: {inhabitants: 3}, income: {wood: 2}},
  B07: {name: "Highland", kind: "land", min_bid: 4, pp: 4, gain: {inhabitants: 1, coins: 1}, income: {wood: 1, stone: 1}},
  B08: {name: "Leonidaion", kind: "building", min_bid: 2, pp: 5, cost: {wood: 3, stone: 2}, gain: {inhabitants: 1, luxury: 5}},
  B09: {name: "Marble hills", kind: "land", min_bid: 5, pp: 3, gain: {inhabitants: 1}, income: {stone: 3}},
  B10: {name: "Mining hills", kind: "land", min_bid: 4, pp: 4, gain: {inhabitants: 1, coins: 3}, income: {stone: 1}},
  B11: {name: "Trading forest", kind: "land", min_bid: 3, pp: 4, gain: {inhabitants: 2, coins: 3}, income: {wood: 1}},
  B12: {name: "Granary", kind: "building", min_bid: 2, pp: 5, cost: {wood: 3, stone: 0}, gain: {food: 3}},
  B13: {name: "Quarry", kind: "building", min_bid: 3, pp: 3, cost: {wood: 2, stone: 2}, income: {stone: 2}},
  B14: {name: "Well", kind: "building", min_bid: 4, pp: 3, cost: {wood: 1, stone: 2}, gain: {inhabitants: 1}, income: {food: 1}, protects: 1},
  B15: {name: "Temple of Apollo", kind: "building", min_bid: 4, pp: 5, cost: {wood: 0, stone: 5}, gain: {inhabitants: 2}, income: {choice: 1}, protects: 2},
  C01: {name: "Cyclopean Masonry", kind: "building", min_bid: 6, pp: 7, cost: {wood: 0, stone: 6}, gain: {inhabitants: 1}, protects: 4},
  C02: {name: "Agriculture", kind: "building", min_bid: 4, pp: 5, cost: {wood: 5, stone: 0}, income: {food: 2}},
  C03: {name: "Great forest", kind: "land", min_bid: 5, pp: 4, gain: {inhabitants: 3}, income: {wood: 2}},
  C04: {name: "Mountain valley", kind: "land", min_bid: 4, pp: 4, gain: {inhabitants: 2, coins: 1}, income: {wood: 1, stone: 1}, supply: true},
  C05: {name: "Mountain mines", kind: "land", min_bid: 5, pp: 5, gain: {inhabitants: 1, coins: 2}, income: {stone: 2}},
  C06: {name: "Workshop of Phidias", kind: "building", min_bid: 5, pp: 5, cost: {wood: 3, stone: 3}, gain: {inhabitants: 1}, income: {stone: 1}, protects: 8},
  C07: {name: "Stoa", kind: "building", min_bid: 7, pp: 6, cost: {wood: 2, stone: 4}, gain: {inhabitants: 2}, income: {food: 1}, protects: 16},
  C08: {name: "Statue of Zeus", kind: "building", min_bid: 8, pp: 8, cost: {wood: 0, stone: 8}, gain: {inhabitants: 2}, income: {food: 1}},
  C09: {name: "Liongate", kind: "building", min_bid: 5, pp: 4, cost: {wood: 1, stone: 2}, gain: {inhabitants: 1}, income: {food: 1, stone: 1}, protects: 2},
  C10: {name: "Tiryns Fortress", kind: "building", min_bid: 6, pp: 7, cost: {wood: 1, stone: 3}, gain: {inhabitants: -1}, income: {food: 1, wood: 1}},
};

export function tileById(id) {
  return TILES[id] ? { id, ...TILES[id] } : null;
}

// Civilizations: the arrow number (first turn order), start values, income per round, protection.
export const CIVILIZATIONS = {
  messene: { name: "Messene", number: 1, coins: 6, inhabitants: 2, income: { food: 2 } },
  patras: { name: "Patras", number: 2, coins: 7, inhabitants: 1, income: { wood: 1, food: 1 } },
  arkadia: { name: "Arkadia", number: 3, coins: 8, inhabitants: 2, income: { inhabitants: 1 } },
  korinth: { name: "Korinth", number: 4, coins: 7, food: 3, inhabitants: 3, income: { food: 1 } },
  sparta: { name: "Sparta", number: 5, coins: 7, wood: 4, inhabitants: 3, income: { wood: 1 } },
  pylos: { name: "Pylos", number: 6, coins: 8, stone: 3, inhabitants: 2, income: { stone: 1 } },
  argos: { name: "Argos", number: 7, coins: 5, inhabitants: 2, income: { wood: 1, stone: 1 } },
  sikyon: {
    name: "Sikyon", number: 14, coins: 9, food: 9, inhabitants: 3, income: { food: 1, wood: -1, stone: -1 },
    protects: ["tempest"],
  },
};

// Heroes (expansion): power points on the red side, the good a flipped (orange) hero costs every round, and
// the ability in a few words.
export const HEROES = {
  achilles: { name: "Achilles", pp: 2, flipLoss: "stone", short: "+2 strength when buying strength" },
  andromeda: { name: "Andromeda", pp: 2, flipLoss: "wood", short: "+3 coins on tiles showing coins" },
  ariadne: { name: "Ariadne", pp: 2, flipLoss: null, short: "once a round: a drawn chit under stack 2" },
  daedalus: { name: "Daedalus", pp: 2, flipLoss: null, short: "buildings cost 2 wood or 2 stone less" },
  hector: { name: "Hector", pp: 2, flipLoss: null, short: "loses only 2 strength instead of half" },
  helen: { name: "Helen", pp: 2, flipLoss: "food", short: "+1 inhabitant with every new land" },
  odysseus: { name: "Odysseus", pp: 2, flipLoss: null, short: "once a game: escapes a disaster (coin)" },
  penelope: { name: "Penelope", pp: 2, flipLoss: null, short: "needs 2 food less in supply rounds" },
  sisyphus: { name: "Sisyphus", pp: 2, flipLoss: null, short: "bids count 1 higher (not turn order)" },
  tantalus: { name: "Tantalus", pp: 2, flipLoss: null, short: "hires mercenaries in supply rounds" },
};

// The base game's player mat and the expansion's colony boards: income by inhabitant band (0-2, 3-4, 5-7,
// 8-10, 11-13, 14-16, 17-19, 20+), points per inhabitant, coins per power point, the rules in words, and where
// they differ from the mat, the coins a reserved building takes (1), whether lands need not match and the
// luxury goods that pay for a coin or a good (2).
export const COLONIES = {
  mat: {
    name: "Player mat", coins: [1, 2, 3, 4, 5, 5, 5, 5], luxury: [0, 0, 0, 0, 0, 2, 4, 6], points: 3, perPP: 3,
    summary: "the base game's mat",
  },
  apollonia: {
    name: "Apollonia", coins: [1, 2, 3, 4, 5, 5, 5, 5], luxury: [0, 0, 0, 0, 1, 2, 4, 6], points: 3, perPP: 3,
    summary: "always last; small stone and food storage; harsher drought and earthquake",
  },
  byzantium: {
    name: "Byzantium", coins: [1, 1, 2, 3, 4, 4, 5, 5], luxury: [0, 0, 0, 0, 1, 2, 4, 6], points: 4, perPP: 4,
    summary: "4 points per inhabitant, 4 coins per PP; small food storage",
  },
  leptis: {
    name: "Leptis Magna", coins: [1, 2, 3, 4, 5, 6, 6, 6], luxury: [0, 0, 0, 0, 0, 2, 4, 6], points: 3, perPP: 3,
    summary: "3 coins to reserve a building; lands need not match", freeLand: true, reserveCoins: 3,
  },
  massilia: {
    name: "Massilia", coins: [1, 2, 3, 4, 5, 5, 5, 5], luxury: [0, 0, 0, 0, 1, 2, 4, 6], points: 3, perPP: 3,
    summary: "small storage",
  },
  miletus: {
    name: "Miletus", coins: [2, 3, 4, 5, 6, 6, 6, 6], luxury: [0, 0, 0, 0, 1, 2, 4, 6], points: 3, perPP: 2,
    summary: "always first; higher income; 2 coins per PP; wins solo ties",
  },
  naukratis: {
    name: "Naukratis", coins: [1, 1, 2, 2, 3, 3, 4, 4], luxury: [0, 0, 0, 0, 0, 2, 4, 6], points: 3, perPP: 3,
    summary: "large storage; low coin income; luxury pays 1 for 1", luxuryRate: 1,
  },
  naxos: {
    name: "Naxos", coins: [1, 2, 3, 5, 6, 6, 6, 6], luxury: [0, 0, 0, 0, 1, 2, 4, 6], points: 3, perPP: 2,
    summary: "large storage; high income; 2 coins per PP",
  },
  salamis: {
    name: "Salamis", coins: [1, 2, 3, 4, 5, 5, 5, 5], luxury: [0, 0, 0, 0, 0, 2, 4, 6], points: 2, perPP: 3,
    summary: "2 points per inhabitant; 1 food feeds 2",
  },
  taras: {
    name: "Taras", coins: [1, 2, 3, 4, 5, 5, 5, 5], luxury: [0, 0, 0, 1, 2, 3, 5, 7], points: 3, perPP: 3,
    summary: "small wood and stone storage; more luxury; harsher decline and tempest",
  },
};

// Angelos' ranks (solo): whether he plays with a civilization and a hero.
export const RANKS = {
  hoplite: { name: "Hoplite", civilization: false, hero: false },
  lokhagos: { name: "Lokhagos", civilization: true, hero: false },
  syntagmatarkhis: { name: "Syntagmatarkhis", civilization: false, hero: true },
  stratigos: { name: "Stratigos", civilization: true, hero: true },
};

// The disasters in the view's order (the bits of a tile's `protects`), with what each does in few words.
export const DISASTERS = [
  { id: "plague", name: "Plague", short: "lose ⅓ of inhabitants", colour: "#6f8f2a" },
  { id: "drought", name: "Drought", short: "lose ⅓ of food", colour: "#d2691e" },
  { id: "earthquake", name: "Earthquake", short: "pay 1 wood + 1 stone a building", colour: "#8b5e3c" },
  { id: "tempest", name: "Tempest", short: "pay 1 food + 1 coin a land", colour: "#2f6fa3" },
  { id: "decline", name: "Decline", short: "lose 10 luxury goods", colour: "#6d5a7e" },
  { id: "persians", name: "Persians", short: "attack after the 3rd and 6th chit", colour: "#8e2a2a" },
];
export const DISASTER_THRESHOLD = 3;
export const PERSIAN_CHITS = 8;
export const PERSIAN_ATTACKS = [3, 6];

// Rule constants the board states (spec §10.7).
export const ROUNDS = 8;
export const STACK_ROUNDS = { A: [1, 2, 3], B: [4, 5, 6], C: [7, 8] };
export const SUPPLY_TILES = { B: "B05", C: "C04" };
export const CONQUEST_SURCHARGE = 3;
export const LUXURY_RATE = 2;
export const INCOME_BANDS = [0, 3, 5, 8, 11, 14, 17, 20];

// The income band of a number of inhabitants (index into a colony's coins and luxury lists).
export function incomeBand(inhabitants) {
  let band = 0;
  INCOME_BANDS.forEach((low, i) => { if (inhabitants >= low) band = i; });
  return band;
}

export function civilization(id) {
  return CIVILIZATIONS[id] || { name: id ? String(id) : "—", number: 0, income: {} };
}

// Luxury goods a colony pays for one coin or good (2 on the mat, 1 at Naukratis).
export function luxuryRate(colonyId) {
  return (COLONIES[colonyId] && COLONIES[colonyId].luxuryRate) || LUXURY_RATE;
}

// What a bid is made of (luxury goods pay for missing coins, at the colony's rate). `coins` is its value,
// the number the rules compare; `luxury` the luxury goods paid for part of it, which come back as luxury
// goods if it is taken back. {value, luxury, coins: the coins paid, short: "3 + 6 lux" (or ""), words:
// "3 coins + 6 luxury goods" (or "5 coins"), full: "6 coins (3 coins + 6 luxury goods)" (or "5 coins")}.
export function bidMix(coins, luxury, rate = LUXURY_RATE) {
  const value = Number(coins) || 0;
  const lux = Number(luxury) || 0;
  const paid = value - Math.floor(lux / (rate || LUXURY_RATE));
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const words = lux ? `${plural(paid, "coin", "coins")} + ${plural(lux, "luxury good", "luxury goods")}` : plural(value, "coin", "coins");
  return {
    value,
    luxury: lux,
    coins: paid,
    short: lux ? `${paid} + ${lux} lux` : "",
    words,
    full: lux ? `${plural(value, "coin", "coins")} (${words})` : words,
  };
}

export function hero(id) {
  return HEROES[id] || { name: id ? String(id) : "—", pp: 0, flipLoss: null, short: "" };
}

export function colony(id) {
  return COLONIES[id] || { name: id ? String(id) : "—", coins: [], luxury: [], points: 3, perPP: 3, summary: "" };
}

// Names of the disasters a `protects` bitmask covers.
export function protectedFrom(mask) {
  return DISASTERS.filter((d, i) => (Number(mask) || 0) & (1 << i));
}

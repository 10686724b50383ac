// Hex geometry for Attika's map (spec §3.1): pointy-top axial coordinates (q, r), r growing downward.
// Directions in the game's slot order: E, NE, NW, W, SW, SE.
export const SQRT3 = Math.sqrt(3);
export const DIRECTIONS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

export const key = (q, r) => `${q},${r}`;

// Centre of hex (q, r) in hex-size units.
export function unit(q, r) {
  return [SQRT3 * (q + r / 2), 1.5 * r];
}

function corner(cx, cy, size, degrees) {
  const a = (degrees * Math.PI) / 180;
  return [cx + size * Math.cos(a), cy + size * Math.sin(a)];
}

export function hexPoints(cx, cy, size) {
  const out = [];
  for (let i = 0; i < 6; i++) out.push(corner(cx, cy, size, 30 + 60 * i).map((v) => v.toFixed(2)).join(","));
  return out.join(" ");
}

// The edge of a hex facing direction d (0 = E ... 5 = SE): its two corners.
export function edge(cx, cy, size, d) {
  const facing = -60 * d;
  return [corner(cx, cy, size, facing - 30), corner(cx, cy, size, facing + 30)];
}

// The seven hexes a board tile centred on (q, r) covers: centre, then E, NE, NW, W, SW, SE.
export function footprint(q, r) {
  return [[q, r], ...DIRECTIONS.map(([dq, dr]) => [q + dq, r + dr])];
}

// A tile's symbols (centre then the six slots at rotation 0) as they lie after turning it k x 60° clockwise:
// slot i (direction i-1) ends up in direction (i-1-k) mod 6.
export function rotated(symbols, k) {
  const ring = new Array(6);
  for (let i = 0; i < 6; i++) ring[(((i - k) % 6) + 6) % 6] = symbols[1 + i];
  return [symbols[0], ...ring];
}

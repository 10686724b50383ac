// The island's geometry, read from the view's board_rows: pointy-top hexes in odd-r offset coordinates
// (odd rows sit half a cell to the right), a space's id being "row,col" (src/hellenika/games/hellas/board.py).
export const SQRT3 = Math.sqrt(3);

// Letters of data/boards.toml: . sea, c/i coast/interior building space, Q/q coast/interior quarry, digit temple.
export function parseBoard(rows) {
  const cells = [];
  const byId = new Map();
  rows.forEach((line, row) => {
    [...line].forEach((ch, col) => {
      if (ch === ".") return;
      let kind = "building";
      let slots = 0;
      if (ch === "Q" || ch === "q") kind = "quarry";
      else if (ch >= "0" && ch <= "9") { kind = "temple"; slots = Number(ch); }
      const cell = { id: `${row},${col}`, row, col, kind, coast: ch === "c" || ch === "Q", slots };
      cells.push(cell);
      byId.set(cell.id, cell);
    });
  });
  return { cells, byId };
}

export function neighbours(row, col) {
  if (row & 1) {
    return [[row, col - 1], [row, col + 1], [row - 1, col], [row - 1, col + 1], [row + 1, col], [row + 1, col + 1]];
  }
  return [[row, col - 1], [row, col + 1], [row - 1, col - 1], [row - 1, col], [row + 1, col - 1], [row + 1, col]];
}

// Fits the cells into box {x, y, w, h}: returns the hex radius R and each cell's centre.
export function fitLayout(cells, box) {
  const unit = (cell) => ({ x: SQRT3 * (cell.col + 0.5 * (cell.row & 1)), y: 1.5 * cell.row });
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const cell of cells) {
    const u = unit(cell);
    minX = Math.min(minX, u.x - SQRT3 / 2); maxX = Math.max(maxX, u.x + SQRT3 / 2);
    minY = Math.min(minY, u.y - 1); maxY = Math.max(maxY, u.y + 1);
  }
  if (!cells.length) { minX = minY = 0; maxX = maxY = 1; }
  const R = Math.min(box.w / (maxX - minX), box.h / (maxY - minY));
  const ox = box.x + (box.w - (maxX - minX) * R) / 2 - minX * R;
  const oy = box.y + (box.h - (maxY - minY) * R) / 2 - minY * R;
  return {
    R,
    at(cell) { const u = unit(cell); return { x: ox + u.x * R, y: oy + u.y * R }; },
  };
}

export function hexPoints(x, y, r) {
  const out = [];
  for (let k = 0; k < 6; k += 1) {
    const a = (Math.PI / 180) * (60 * k - 90);
    out.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(" ");
}

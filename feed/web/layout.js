// Layout math of the browser overlay: the ImGui overlay's (overlay/layout.cpp)
// on the same fixed 1920x1080 canvas, so both outputs put every panel in the
// same place. All text stays inside the 90% graphics-safe area. Landscape puts
// a board's long side across (Number Janggi turned, player 1 on the left),
// portrait puts it up (player 1 at the bottom).

export const CANVAS = { w: 1920, h: 1080 };
const SAFE = 0.9;

export function safeArea() {
  const mx = (CANVAS.w * (1 - SAFE)) / 2, my = (CANVAS.h * (1 - SAFE)) / 2;
  return { x: mx, y: my, w: CANVAS.w - 2 * mx, h: CANVAS.h - 2 * my };
}

export const right = (r) => r.x + r.w;
export const bottom = (r) => r.y + r.h;
export const inset = (r, d) => ({ x: r.x + d, y: r.y + d, w: r.w - 2 * d, h: r.h - 2 * d });

// Where squares land: square s = rank * files + file.
export function boardLayout(orientation, files, ranks, space) {
  const turned = orientation === 'portrait' ? files > ranks : ranks > files;
  const columns = turned ? ranks : files, rows = turned ? files : ranks;
  const cell = Math.min(space.w / columns, space.h / rows);
  const w = cell * columns, h = cell * rows;
  const rect = { x: space.x + (space.w - w) / 2, y: space.y + (space.h - h) / 2, w, h };
  const squareRect = (s) => {
    const file = s % files, rank = Math.floor(s / files);
    const column = turned ? rank : file;
    const row = turned ? file : ranks - 1 - rank;
    return { x: rect.x + column * cell, y: rect.y + row * cell, w: cell, h: cell };
  };
  // The border between file f and f+1 on one rank (a minus-line mark).
  const fileBorder = (leftFile, rank) => {
    const a = squareRect(rank * files + leftFile);
    return turned ? [{ x: a.x, y: bottom(a) }, { x: right(a), y: bottom(a) }] : [{ x: right(a), y: a.y }, { x: right(a), y: bottom(a) }];
  };
  return { turned, columns, rows, cell, rect, squareRect, fileBorder };
}

export function overlayLayout(orientation, files, ranks) {
  const safe = safeArea();
  const kTop = 100, kFooter = 90, kGap = 16, kPanel = 390;
  const topBar = { x: safe.x, y: safe.y, w: safe.w, h: kTop };
  const footer = { x: safe.x, y: bottom(safe) - kFooter, w: safe.w, h: kFooter };
  const midY = bottom(topBar) + kGap, midH = footer.y - kGap - midY;
  const panels = [
    { x: safe.x, y: midY, w: kPanel, h: midH },
    { x: right(safe) - kPanel, y: midY, w: kPanel, h: midH },
  ];
  const boardSpace = { x: right(panels[0]) + 2 * kGap, y: midY, w: panels[1].x - right(panels[0]) - 4 * kGap, h: midH };
  const board = boardLayout(orientation, files, ranks, boardSpace);
  const bh = 200;
  const banner = { x: boardSpace.x - kGap, y: midY + (midH - bh) / 2, w: boardSpace.w + 2 * kGap, h: bh };
  return { safe, topBar, footer, panels, boardSpace, board, banner };
}

// Square names: files a, b, c ... and ranks from 1 ("a1" is square 0).
export function squareIndex(name, files) {
  const m = /^([a-z])(\d+)$/.exec(String(name || ''));
  if (!m) return -1;
  const file = m[1].charCodeAt(0) - 97, rank = Number(m[2]) - 1;
  if (file < 0 || file >= files || rank < 0) return -1;
  return rank * files + file;
}

export function squareName(s, files) {
  return String.fromCharCode(97 + (s % files)) + String(Math.floor(s / files) + 1);
}

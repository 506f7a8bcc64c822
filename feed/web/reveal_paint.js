// The final reveal in the browser: the director's `reveal` element, both
// players' setups once the referee has confirmed the result (`close`). It
// paints the frame's "reveal" (docs/on-air.md; broadcast/reveal.h decides it,
// null before close) and decides nothing: a card in the theme's `reveal`
// placement with the title, each finalist's name in their colour and whether
// their seal checks out, and the board with every piece of both setups face up
// on its starting square. The same picture, at the same canvas pixels, as the
// ImGui overlay's overlay/reveal_draw.cpp.
import { boardLayout, el, squareIndex } from './layout.js';
import { theme } from './theme.js';

const arr = (v) => (Array.isArray(v) ? v : []);
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const str = (v) => (typeof v === 'string' ? v : null);

// The frame's "reveal" read for the scene (onair.js calls it): null when absent
// or damaged. Pieces: square index -> {owner, label} in the screen's language.
export function readReveal(raw, lang, files, squares) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const title = str(obj(raw.title)[lang]) ?? str(obj(raw.title).en) ?? '';
  const setups = [null, null];
  const pieces = new Map();
  for (const s of arr(raw.setups).slice(0, 2).map(obj)) {
    const player = s.player === 1 || s.player === 2 ? s.player : 0;
    if (!player) continue;
    setups[player - 1] = { verified: typeof s.verified === 'boolean' ? s.verified : null };
    for (const p of arr(s.pieces).slice(0, squares).map(obj)) {
      const at = squareIndex(p.square, files);
      const token = str(p.token);
      if (at < 0 || at >= squares || token == null) continue;
      pieces.set(at, { owner: player, label: str(obj(p.label)[lang]) ?? token });
    }
  }
  if (!setups[0] && !setups[1]) return null;
  return { title, setups, pieces };
}


// Where the parts of the card go, in canvas pixels from the placement `r`:
// the theme's metrics.reveal, as overlay/reveal_draw.cpp's reveal_parts.
export function revealParts(r, m) {
  const column = m.column_w, side = m.side;
  const margin = 2 * side + column + m.board_gap;
  return {
    title: { x: r.x + m.title_x, y: r.y + m.title_y, w: r.w - 2 * m.title_x, h: m.title_h },
    columns: [r.x + side, r.x + r.w - side - column].map((x) => ({
      bar: { x, y: r.y + m.bar_y, w: column, h: m.bar_h },
      name: { x, y: r.y + m.name_y, w: column, h: m.name_h },
      check: { x, y: r.y + m.check_y, w: column, h: m.check_h },
    })),
    board: { x: r.x + margin, y: r.y + m.board_y, w: r.w - 2 * margin, h: r.h - m.board_y - m.board_bottom },
  };
}

// Draws the card into `root`. `l`: the scene's layout (overlayLayout), `drawing`:
// the board's landscape drawing (the card is wide in every layout, so the board
// lies across it), `drawBoard`: scene.js's board painter.
export function drawReveal(root, sc, l, drawing, drawBoard, phrase) {
  const rv = sc.reveal;
  if (!rv || !l.reveal || !drawing) return;
  const r = l.reveal;
  const parts = revealParts(r, theme.metrics.reveal);
  const card = el(root, 'panel reveal', r);
  card.dataset.element = 'reveal';
  el(root, 'fit reveal-title', parts.title, rv.title);
  [1, 2].forEach((p) => {
    const c = parts.columns[p - 1];
    el(root, `slate-bar p${p}`, c.bar);
    el(root, 'fit reveal-name', c.name, sc.players[p - 1]);
    const s = rv.setups[p - 1];
    if (s && s.verified != null)
      el(root, `reveal-check ${s.verified ? 'ok' : 'bad'}`, c.check, phrase(sc, s.verified ? 'verified' : 'mismatch'));
  });
  // The board with both setups: scene.js's painter over a scene holding only them.
  drawBoard(root, { ...sc, board: rv.pieces, lastMove: null }, { ...l, board: boardLayout(drawing, parts.board) }, false);
}

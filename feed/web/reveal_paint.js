// The final reveal in the browser: the director's `reveal` element, both
// players' setups once the referee has confirmed the result (`close`). It
// paints the frame's "reveal" (docs/on-air.md; broadcast/reveal.h decides it,
// null before close) and decides nothing: a card in the theme's `reveal`
// placement with the title, each finalist's name in their colour and whether
// their seal checks out, and the board with every piece of both setups face up
// on its starting square. The same picture, at the same canvas pixels, as the
// ImGui overlay's overlay/reveal_draw.cpp.
import { boardLayout, el, squareIndex } from './layout.js';

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


// Draws the card into `root`. `l`: the scene's layout (overlayLayout), `drawing`:
// the board's drawings ({landscape, portrait}: the board lies across a wide card,
// upright in portrait's tall one), `drawBoard`: scene.js's board painter.
export function drawReveal(root, sc, l, drawing, drawBoard, phrase) {
  const rv = sc.reveal;
  // Where the card's parts go is the frame's (layout.parts, broadcast::reveal_parts).
  const parts = sc.parts && sc.parts[l.orientation] && sc.parts[l.orientation].reveal;
  if (!rv || !l.reveal || !drawing || !parts) return;
  // Lying across a wide card, upright in a tall one (portrait's), as the ImGui painter.
  const shape = parts.board.h > parts.board.w ? drawing.portrait : drawing.landscape;
  if (!shape) return;
  const r = l.reveal;
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
  drawBoard(root, { ...sc, board: rv.pieces, lastMove: null }, { ...l, board: boardLayout(shape, parts.board) }, false);
}

// The analysis on air, in the browser: the director's `deduction` element (a
// heat map of each side's objective piece over the board, and each face-down
// piece's most likely identity under it) and `win-bar` (both names and the
// public win probability). It paints the frame's "analysis" (docs/on-air.md)
// and decides nothing: which elements are on is the frame's `elements`, the
// numbers are the feed's. One layer of its own over the stage, redrawn only
// when what it shows changes.
import { overlayLayout } from './layout.js';
import { theme } from './theme.js';

const LAYER = 'analysis-layer';

function box(parent, rect, style = {}, text = null) {
  const d = document.createElement('div');
  d.style.position = 'absolute';
  if (rect) Object.assign(d.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.w}px`, height: `${rect.h}px` });
  Object.assign(d.style, style);
  if (text != null) d.textContent = text;
  parent.appendChild(d);
  return d;
}

const pct = (p) => `${Math.round(p * 100)}%`;
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function squareIndexOf(name, files) {
  const m = /^([a-z])([0-9]+)$/.exec(String(name || ''));
  if (!m) return -1;
  return (Number(m[2]) - 1) * files + (m[1].charCodeAt(0) - 97);
}

function on(raw, name, only) {
  if (only && !only.has(name)) return false;
  const e = raw && raw.elements && raw.elements[name];
  return !!(e && e.on);
}

// `raw`: the frame as read (JSON), `sc`: the scene the page built from it.
export function paintAnalysis(stage, raw, sc, { orientation = 'landscape', only = null, lang = 'en' } = {}) {
  let layer = stage.querySelector(`:scope > .${LAYER}`);
  const a = raw && raw.opened ? raw.analysis : null;
  const showDeduction = !!a && on(raw, 'deduction', only) && !a.error;
  const showBar = !!a && on(raw, 'win-bar', only) && !!a.win;
  const key = JSON.stringify([showDeduction && a, showBar && a && a.win, orientation, lang, sc && sc.players]);
  if (layer && layer.dataset.key === key) {
    if (layer.parentNode.lastChild !== layer) stage.appendChild(layer);
    return layer;
  }
  if (!layer) {
    layer = document.createElement('div');
    layer.className = LAYER;
    Object.assign(layer.style, { position: 'absolute', left: '0', top: '0', width: '1920px', height: '1080px', pointerEvents: 'none' });
  }
  stage.appendChild(layer);  // always over the scene's parts
  layer.dataset.key = key;
  layer.replaceChildren();
  layer.dataset.deduction = showDeduction ? '1' : '0';
  layer.dataset.winBar = showBar ? '1' : '0';
  if (!theme || !sc || !sc.game) return layer;
  const drawing = sc.game.drawing[orientation === 'portrait' ? 'portrait' : 'landscape'];
  if (!drawing) return layer;
  const l = overlayLayout(theme, orientation, drawing);
  const files = num(raw.board && raw.board.files);
  if (showDeduction) paintDeduction(layer, a, l, files, lang);
  if (showBar) paintWinBar(layer, a, l, sc, lang);
  return layer;
}

function paintDeduction(layer, a, l, files, lang) {
  const b = l.deduction || l.board;
  // The objective's heat map: each side's colour, its strength the probability.
  const objective = a.objective;
  if (objective) {
    objective.places.forEach((places, i) => {
      for (const place of places) {
        if (place.square == null) continue;
        const s = squareIndexOf(place.square, files);
        if (s < 0) continue;
        const r = b.squareRect(s);
        const p = num(place.p);
        const cell = box(layer, r, {
          background: `var(--p${i + 1})`, opacity: String(0.18 + 0.62 * p), borderRadius: '6px',
          boxShadow: p >= 0.999 ? '0 0 0 4px var(--gold) inset' : 'none',
        });
        cell.className = `heat p${i + 1}`;
        cell.dataset.square = place.square;
        cell.dataset.p = String(p);
        const tag = box(layer, { x: r.x, y: r.y + 2, w: r.w, h: Math.max(18, r.h * 0.3) }, {
          color: '#fff', fontWeight: 'bold', fontSize: `${Math.max(16, Math.round(r.h * 0.24))}px`, textAlign: 'center',
          textShadow: '0 0 4px #000, 0 0 2px #000',
        }, `${objective.label[lang] || objective.token} ${pct(p)}`);
        tag.className = 'heat-label';
      }
    });
  }
  // Each face-down piece's most likely identity, under its tile.
  for (const piece of a.pieces || []) {
    const s = squareIndexOf(piece.square, files);
    if (s < 0 || !piece.odds || !piece.odds.length) continue;
    const r = b.squareRect(s);
    const top = piece.odds[0];
    const text = piece.certain ? `${top.label[lang] || top.token}` : `${top.label[lang] || top.token} ${pct(top.p)}`;
    const t = box(layer, { x: r.x, y: r.y + r.h * 0.72, w: r.w, h: r.h * 0.28 }, {
      color: piece.certain ? 'var(--gold)' : '#fff', fontSize: `${Math.max(14, Math.round(r.h * 0.2))}px`, textAlign: 'center',
      fontWeight: 'bold', textShadow: '0 0 4px #000, 0 0 2px #000', whiteSpace: 'nowrap', overflow: 'hidden',
    }, text);
    t.className = 'odds';
    t.dataset.square = piece.square;
  }
}

function paintWinBar(layer, a, l, sc, lang) {
  const w = a.win;
  // The theme's place (its "win_bar"): the bar at its top, 64 px high, the note under it.
  const place = l.winBar || { x: 1920 / 2 - 450, y: l.topBar.y + l.topBar.h + 12, w: 900 };
  const rect = { x: place.x, y: place.y, w: place.w, h: 64 };
  const bar = box(layer, rect, { background: 'var(--panel)', borderRadius: '12px', overflow: 'hidden', border: '2px solid var(--panel-edge)' });
  bar.className = 'win-bar';
  const p1 = num(w.player1.p), p2 = num(w.player2.p), d = Math.max(0, 1 - p1 - p2);
  const inner = { x: 0, y: 0, w: rect.w - 4, h: rect.h - 4 };
  const w1 = inner.w * p1, wd = inner.w * d;
  box(bar, { x: 0, y: 0, w: w1, h: inner.h }, { background: 'var(--p1)' }).className = 'win-fill p1';
  if (wd > 0) box(bar, { x: w1, y: 0, w: wd, h: inner.h }, { background: 'var(--dim)' }).className = 'win-fill draw';
  box(bar, { x: w1 + wd, y: 0, w: inner.w - w1 - wd, h: inner.h }, { background: 'var(--p2)' }).className = 'win-fill p2';
  const names = (sc.players || []).map((n) => String(n || ''));
  const text = { color: '#fff', fontSize: '28px', fontWeight: 'bold', lineHeight: `${inner.h}px`, whiteSpace: 'nowrap', textShadow: '0 0 4px #000' };
  box(bar, { x: 16, y: 0, w: inner.w / 2 - 16, h: inner.h }, { ...text, textAlign: 'left' }, `${names[0] || ''} ${pct(p1)}`).className = 'win-text p1';
  box(bar, { x: inner.w / 2, y: 0, w: inner.w / 2 - 16, h: inner.h }, { ...text, textAlign: 'right' }, `${pct(p2)} ${names[1] || ''}`).className = 'win-text p2';
  if (!w.decided) {
    const half = Math.round(100 * Math.max(num(w.player1.high) - p1, p1 - num(w.player1.low)));
    const note = lang === 'ko' ? `± ${half}%p · ${w.ply}수 기준` : `± ${half} pts · as of move ${w.ply}`;
    box(layer, { x: rect.x + rect.w / 2 - 150, y: rect.y + rect.h - 2, w: 300, h: 30 }, {
      color: '#fff', fontSize: '24px', textAlign: 'center', background: 'var(--panel)', borderRadius: '0 0 8px 8px',
    }, note).className = 'win-note';
  }
}

// The analysis on air, in the browser: the director's `deduction` element (a
// heat map of each side's objective piece over the board, and each face-down
// piece's most likely identity under it) and `win-bar` (both names and the
// public win probability with its interval note). It paints the frame's "analysis" (docs/on-air.md)
// and decides nothing: which elements are on is the frame's `elements`, the
// numbers are the feed's. One layer of its own over the stage, redrawn only
// when what it shows changes.
import { overlayLayout } from './layout.js';
import { fitAll, fontPx } from './scene.js';
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

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function squareIndexOf(name, files) {
  const m = /^([a-z])([0-9]+)$/.exec(String(name || ''));
  if (!m) return -1;
  return (Number(m[2]) - 1) * files + (m[1].charCodeAt(0) - 97);
}

// On air at the page's moment: while the page animates the battle, as the
// frame says now; once its animation is done, as the frame says it will be
// then (on_after_battle), without waiting for the next frame.
function on(raw, name, only, animating) {
  if (only && !only.has(name)) return false;
  const e = raw && raw.elements && raw.elements[name];
  if (!e) return false;
  return !!(!animating && 'on_after_battle' in e ? e.on_after_battle : e.on);
}

// Shows or fades each part of the layer as the frame has its element on
// (overlay.css .element-off: out over 0.3 s, back in the same way).
function showParts(layer, deduction, bar) {
  layer.dataset.deduction = deduction ? '1' : '0';
  layer.dataset.winBar = bar ? '1' : '0';
  for (const part of layer.querySelectorAll(':scope > .analysis-deduction'))
    part.classList.toggle('element-off', !deduction);
  for (const part of layer.querySelectorAll(':scope > .win-bar')) part.classList.toggle('element-off', !bar);
}

// `raw`: the frame as read (JSON), `sc`: the scene the page built from it.
export function paintAnalysis(stage, raw, sc, { orientation = 'landscape', only = null, lang = 'en', animating = false } = {}) {
  let layer = stage.querySelector(`:scope > .${LAYER}`);
  const a = raw && raw.opened ? raw.analysis : null;
  // What there is to paint (the frame's analysis of its own row), and whether
  // each element is on air now. An element that gives way to the story (a
  // battle being explained, the result, a toast, the reveal: broadcast/elements.h)
  // keeps its picture and fades out, then back in; another row's analysis is
  // never kept (a new record repaints at once).
  const wanted = (name) => !only || only.has(name);
  const hasDeduction = !!a && !a.error && wanted('deduction');
  const hasBar = !!a && !!a.win && wanted('win-bar');
  const showDeduction = hasDeduction && on(raw, 'deduction', only, animating);
  const showBar = hasBar && on(raw, 'win-bar', only, animating);
  const under = raw && raw.layout ? raw.layout.deduction : null;
  const key = JSON.stringify([hasDeduction && a, hasBar && a && a.win, orientation, lang, sc && sc.players, under]);
  if (layer && layer.dataset.key === key) {
    if (layer.parentNode.lastChild !== layer) stage.appendChild(layer);
    showParts(layer, showDeduction, showBar);
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
  showParts(layer, false, false);
  if (!theme || !sc || !sc.game) return layer;
  const drawing = sc.game.drawing[orientation === 'portrait' ? 'portrait' : 'landscape'];
  if (!drawing) return layer;
  const l = overlayLayout(theme, orientation, drawing);
  const files = num(raw.board && raw.board.files);
  // The board the heat map lies on: whichever is on air (the frame's layout.deduction,
  // broadcast/elements.h deduction_placement), else the layout's own placement.
  const board = under === 'board' ? l.board : under === 'board_compact' ? l.boardCompact : l.deduction;
  if (hasDeduction) {
    const group = box(layer, { x: 0, y: 0, w: 1920, h: 1080 }, {});
    group.className = 'analysis-deduction';
    paintDeduction(group, a, board, files, lang);
  }
  const parts = sc.parts && sc.parts[l.orientation];
  if (hasBar) paintWinBar(layer, a, l, lang, parts && parts.winBar);
  fitAll(layer);  // a long name shrinks to 24 px, then is cut (as the ImGui pen)
  showParts(layer, showDeduction, showBar);
  return layer;
}

// The analysis layer's offsets and sizes (theme.json metrics.analysis); its
// text sizes are never under 24 px (the theme's ranges, theme.h kThemeMetrics).
const metric = (name) => theme.metrics.analysis[name];

// Which of the frame's labels a square carries (broadcast/on_air_analysis.h
// analysis_label_fit): the full one on a large cell, the short one on a
// smaller cell, none where a 24 px label would not fit.
function labelFit(cell) {
  if (cell >= metric('full_label_cell')) return 'text';
  if (cell >= metric('short_label_cell')) return 'short';
  return null;
}

// A label over a square: its middle at the fraction of the cell, in the theme's label size, inside
// the cell less label_pad a side (shrunk to fit, as ImGui's pen), its shadow label_shadow px down and right.
function label(layer, r, fraction, text, color, className) {
  const size = metric('label_text'), pad = metric('label_pad'), shadow = metric('label_shadow');
  const k = metric('line_factor');  // a label's line per its size (the theme's, as the win bar's)
  const t = box(layer, { x: r.x + pad, y: r.y + r.h * metric(fraction) - (size * k) / 2, w: r.w - 2 * pad, h: size * k }, {
    color, fontSize: `${fontPx(size)}px`, lineHeight: `${size * k}px`, textAlign: 'center', fontWeight: 'bold',
    textShadow: `${shadow}px ${shadow}px 0 var(--shadow)`, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis',
  }, text);
  t.className = `${className} fit`;
  return t;
}

function paintDeduction(layer, a, b, files, lang) {
  const fit = labelFit(b.squareRect(0).h);
  const inset = metric('heat_inset');
  // The objective's heat map: each side's colour, its strength the probability.
  // A damaged frame paints what it can and never throws (tests/browser/overlay_test.mjs's mutants).
  const list = (v) => (Array.isArray(v) ? v : []);
  const isObj = (v) => !!v && typeof v === 'object';
  const objective = isObj(a.objective) ? a.objective : null;
  if (objective) {
    list(objective.places).slice(0, 2).forEach((places, i) => {
      for (const place of list(places)) {
        if (!isObj(place) || place.square == null) continue;
        const s = squareIndexOf(place.square, files);
        if (s < 0) continue;
        const r = b.squareRect(s);
        const p = num(place.p);
        // Stronger for a likelier place (metrics analysis.heat_floor_fraction + heat_span_fraction x p); a
        // certain place ringed in gold inside the cell, stroke.heat_certain wide (as ImGui's).
        const cell = box(layer, { x: r.x + inset, y: r.y + inset, w: r.w - 2 * inset, h: r.h - 2 * inset }, {
          background: `var(--p${i + 1})`, opacity: String(metric('heat_floor_fraction') + metric('heat_span_fraction') * p),
          borderRadius: `${metric('heat_radius')}px`,
          boxShadow: p >= 0.999 ? `0 0 0 ${theme.metrics.stroke.heat_certain}px var(--gold) inset` : 'none',
        });
        cell.className = `heat p${i + 1}`;
        cell.dataset.square = place.square;
        cell.dataset.p = String(p);
        if (fit && isObj(place[fit])) label(layer, r, 'heat_label_y_fraction', place[fit][lang], 'var(--text)', 'heat-label');
      }
    });
  }
  // Each face-down piece's most likely identity, under its tile.
  for (const piece of list(a.pieces)) {
    if (!isObj(piece)) continue;
    const s = squareIndexOf(piece.square, files);
    if (s < 0 || !fit || !isObj(piece[fit])) continue;
    const t = label(layer, b.squareRect(s), 'odds_label_y_fraction', piece[fit][lang], piece.certain ? 'var(--gold)' : 'var(--text)', 'odds');
    t.dataset.square = piece.square;
  }
}

// The theme's place (its "win_bar"): a panel with both names and their
// numbers, the note (the frame's) and the bar along its bottom, where the
// frame's layout.parts put them (broadcast/on_air_analysis.h win_bar_parts:
// one row, or the names on a row of their own).
function paintWinBar(layer, a, l, lang, parts) {
  const w = a.win;
  const place = l.winBar;
  if (!parts || !place || !w || typeof w !== 'object') return;
  const share = (v) => num(v && typeof v === 'object' ? v.p : 0);
  const edge = theme.metrics.stroke.win_bar, fillRound = `${theme.metrics.radius.win_fill}px`;
  const bar = box(layer, place, { background: 'var(--panel)', borderRadius: `${theme.metrics.radius.win_bar}px`,
    border: `${edge}px solid var(--panel-edge)`, boxSizing: 'border-box' });
  bar.className = 'win-bar';
  bar.dataset.rows = parts.twoRows ? '2' : '1';
  // Inside the bar's border (stroke.win_bar): a part's place in the placement's coordinates, less the border.
  const within = (r) => ({ x: r.x - place.x - edge, y: r.y - place.y - edge, w: r.w, h: r.h });
  const p1 = share(w.player1), p2 = share(w.player2), d = Math.max(0, 1 - p1 - p2);
  const fill = within(parts.fill);
  const w1 = fill.w * p1, wd = fill.w * d;
  box(bar, { ...fill, w: w1 }, { background: 'var(--p1)', borderRadius: fillRound }).className = 'win-fill p1';
  if (wd > 0) box(bar, { ...fill, x: fill.x + w1, w: wd }, { background: 'var(--dim)' }).className = 'win-fill draw';
  box(bar, { ...fill, x: fill.x + w1 + wd, w: fill.w - w1 - wd }, { background: 'var(--p2)', borderRadius: fillRound }).className = 'win-fill p2';
  const row = (size) => ({ fontSize: `${fontPx(size)}px`, lineHeight: `${size * metric('line_factor')}px`, whiteSpace: 'nowrap', fontWeight: 'bold', color: 'var(--text)' });
  const sides = Array.isArray(w.sides) ? w.sides.map((t) => (typeof t === 'string' ? t : '')) : ['', ''];
  box(bar, within(parts.name[0]), { ...row(parts.nameSize), textAlign: 'left' }, sides[0]).className = 'win-text p1 fit';
  box(bar, within(parts.name[1]), { ...row(parts.nameSize), textAlign: 'right' }, sides[1]).className = 'win-text p2 fit';
  if (w.note && typeof w.note === 'object') {
    box(bar, within(parts.note), { ...row(parts.noteSize), fontWeight: 'normal', color: 'var(--dim)', textAlign: 'center' },
      w.note[lang]).className = 'win-note fit';
  }
}

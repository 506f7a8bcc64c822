// The analysis on air, in the browser: the director's `deduction` element (a
// heat map of each side's objective piece over the board, the headline and
// legend under the board, the labels of the pieces whose deduction is news),
// `piece-odds` (every face-down piece's label) and `win-bar` (both names and
// the public win probability with its interval note). It paints the frame's "analysis" (docs/on-air.md)
// and decides nothing: which elements are on is the frame's `elements`, the
// numbers are the feed's. One layer of its own over the stage, redrawn only
// when what it shows changes.
import { canvasOf, elements, overlayLayout } from './layout.js';
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
function showParts(layer, deduction, bar, odds) {
  layer.dataset.deduction = deduction ? '1' : '0';
  layer.dataset.winBar = bar ? '1' : '0';
  layer.dataset.pieceOdds = odds ? '1' : '0';
  for (const part of layer.querySelectorAll(':scope > .analysis-deduction'))
    part.classList.toggle('element-off', !deduction);
  for (const part of layer.querySelectorAll(':scope > .analysis-piece-odds'))
    part.classList.toggle('element-off', !odds);
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
  const hasOdds = !!a && !a.error && wanted('piece-odds');
  const hasBar = !!a && !!a.win && wanted('win-bar');
  const showDeduction = hasDeduction && on(raw, 'deduction', only, animating);
  const showOdds = hasOdds && on(raw, 'piece-odds', only, animating);
  const showBar = hasBar && on(raw, 'win-bar', only, animating);
  const under = raw && raw.layout ? raw.layout.deduction : null;
  const key = JSON.stringify([(hasDeduction || hasOdds) && a, hasBar && a && a.win, orientation, lang, sc && sc.players, under,
    on(raw, 'caption', null, animating)]);
  if (layer && layer.dataset.key === key) {
    if (layer.parentNode.lastChild !== layer) stage.appendChild(layer);
    showParts(layer, showDeduction, showBar, showOdds);
    return layer;
  }
  if (!layer) {
    layer = document.createElement('div');
    layer.className = LAYER;
    Object.assign(layer.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
  }
  // The layout's canvas (portrait's is taller than wide).
  const c = canvasOf(theme, orientation);
  Object.assign(layer.style, { width: `${c.w}px`, height: `${c.h}px` });
  stage.appendChild(layer);  // always over the scene's parts
  layer.dataset.key = key;
  layer.replaceChildren();
  showParts(layer, false, false, false);
  if (!theme || !sc || !sc.game) return layer;
  const drawing = sc.game.drawing[orientation === 'portrait' ? 'portrait' : 'landscape'];
  if (!drawing) return layer;
  const l = overlayLayout(theme, orientation, drawing);
  const files = num(raw.board && raw.board.files);
  // The board the heat map lies on: whichever is on air (the frame's layout.deduction,
  // broadcast/elements.h deduction_placement), else the layout's own placement.
  const board = under === 'board' ? l.board : under === 'board_compact' ? l.boardCompact : l.deduction;
  // The placement the board lies in (the headline takes its width).
  const place = elements(theme, orientation)[under === 'board' || under === 'board_compact' ? under : 'deduction'] || l.boardSpace;
  if (hasDeduction) {
    const group = box(layer, { x: 0, y: 0, ...l.canvas }, {});
    group.className = 'analysis-deduction';
    // Where the headline would lie over the caption on air, the director's caption is read instead.
    const caption = on(raw, 'caption', null, animating) ? elements(theme, orientation).caption : null;
    paintDeduction(group, a, board, place, files, lang, caption);
  }
  if (hasOdds) {
    const group = box(layer, { x: 0, y: 0, ...l.canvas }, {});
    group.className = 'analysis-piece-odds';
    paintPieceLabels(group, a, board, files, lang, false);
  }
  const parts = sc.parts && sc.parts[l.orientation];
  if (hasBar) paintWinBar(layer, a, l, lang, parts && parts.winBar);
  fitAll(layer);  // a long name shrinks to 24 px, then is cut (as the ImGui pen)
  showParts(layer, showDeduction, showBar, showOdds);
  return layer;
}

// The analysis layer's offsets and sizes (theme.json metrics.analysis); its
// text sizes are never under 24 px (the theme's ranges, theme.h kThemeMetrics).
const metric = (name) => theme.metrics.analysis[name];

const isObj = (v) => !!v && typeof v === 'object';
const list = (v) => (Array.isArray(v) ? v : []);

// A label over a square: its middle at the fraction of the cell, in the theme's label size, inside
// the cell less label_pad a side, its shadow label_shadow px down and right. Drawn only on a cell at
// least the frame's `minCell` (broadcast/deduction_view.h label_min_cell): never cut to a bare identity.
function label(layer, r, fraction, text, minCell, color, className) {
  if (typeof text !== 'string' || !text || r.w < num(minCell) || r.h < num(minCell)) return null;
  const size = metric('label_text'), pad = metric('label_pad'), shadow = metric('label_shadow');
  const k = metric('line_factor');  // a label's line per its size (the theme's, as the win bar's)
  const t = box(layer, { x: r.x + pad, y: r.y + r.h * metric(fraction) - (size * k) / 2, w: r.w - 2 * pad, h: size * k }, {
    color, fontSize: `${fontPx(size)}px`, lineHeight: `${size * k}px`, textAlign: 'center', fontWeight: 'bold',
    textShadow: `${shadow}px ${shadow}px 0 var(--shadow)`, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis',
  }, text);
  t.className = `${className} fit`;
  return t;
}

// The face-down pieces' labels: the news ones (the deduction's) or every one (piece-odds).
function paintPieceLabels(layer, a, b, files, lang, newsOnly) {
  for (const piece of list(a.pieces)) {
    if (!isObj(piece) || (newsOnly && !piece.news) || !isObj(piece.text)) continue;
    const s = squareIndexOf(piece.square, files);
    if (s < 0) continue;
    const t = label(layer, b.squareRect(s), 'odds_label_y_fraction', piece.text[lang], piece[`cell_${lang}`],
      piece.certain ? 'var(--gold)' : 'var(--text)', 'odds');
    if (t) t.dataset.square = piece.square;
  }
}

// The headline's panel under the board (broadcast/deduction_view.h headline_parts: the same
// pixels as ImGui's): per line a lead on the left and the squares on the right half, the legend last.
function headlineParts(place, board, lines, caption = null) {
  const d = theme.metrics.deduction;
  // Under the board's frame (its margin round the squares), then the gap.
  const top = board.y + board.h + theme.metrics.board.margin + d.headline_gap;
  const panel = { x: place.x, y: top, w: place.w, h: 2 * d.headline_pad_y + (lines + 1) * d.headline_line };
  const half = (place.w - 3 * d.headline_pad_x) / 2;
  const lead = [], places = [];
  for (let i = 0; i < lines; i++) {
    const y = panel.y + d.headline_pad_y + i * d.headline_line;
    lead.push({ x: place.x + d.headline_pad_x, y, w: half, h: d.headline_line });
    places.push({ x: place.x + 2 * d.headline_pad_x + half, y, w: half, h: d.headline_line });
  }
  const legend = { x: place.x + d.headline_pad_x, y: panel.y + d.headline_pad_y + lines * d.headline_line, w: place.w - 2 * d.headline_pad_x, h: d.headline_line };
  const c = caption;
  const shown = !c || !(panel.x < c.x + c.w && c.x < panel.x + panel.w && panel.y < c.y + c.h && c.y < panel.y + panel.h);
  return { shown, panel, lead, places, legend, textSize: d.headline_text, legendSize: d.legend_text };
}

function paintDeduction(layer, a, b, place, files, lang, caption = null) {
  const inset = metric('heat_inset');
  const d = isObj(a.deduction) ? a.deduction : {};
  // The objective's heat: each side's colour at the frame's strength (none over a face the audience
  // sees), a certain place ringed in gold inside the cell, stroke.heat_certain wide (as ImGui's).
  // A damaged frame paints what it can and never throws (tests/browser/overlay_test.mjs's mutants).
  for (const h of list(d.heat)) {
    if (!isObj(h)) continue;
    const s = squareIndexOf(h.square, files);
    if (s < 0) continue;
    const r = b.squareRect(s);
    const seat = h.seat === 2 ? 2 : 1;
    const cell = box(layer, { x: r.x + inset, y: r.y + inset, w: r.w - 2 * inset, h: r.h - 2 * inset }, {
      borderRadius: `${metric('heat_radius')}px`,
      boxShadow: h.certain ? `0 0 0 ${theme.metrics.stroke.heat_certain}px var(--gold) inset` : 'none',
    });
    if (!h.seen) {
      const fill = box(cell, { x: 0, y: 0, w: r.w - 2 * inset, h: r.h - 2 * inset }, {
        background: `var(--p${seat})`, opacity: String(num(h.strength)), borderRadius: `${metric('heat_radius')}px` });
      fill.className = 'heat-fill';
    }
    cell.className = `heat p${seat}`;
    cell.dataset.square = h.square;
    cell.dataset.p = String(num(h.p));
    if (isObj(h.text)) label(layer, r, 'heat_label_y_fraction', h.text[lang], h[`cell_${lang}`], 'var(--text)', 'heat-label');
  }
  paintPieceLabels(layer, a, b, files, lang, true);
  // The headline and the legend under the board.
  const lines = list(d.headline).filter(isObj);
  const parts = headlineParts(place, b.rect, lines.length, caption);
  if (!parts.shown) return;
  const edge = theme.metrics.stroke.win_bar;
  const panel = box(layer, parts.panel, { background: 'var(--panel)', borderRadius: `${theme.metrics.radius.win_bar}px`,
    border: `${edge}px solid var(--panel-edge)`, boxSizing: 'border-box' });
  panel.className = 'deduction-headline';
  const row = (size) => ({ fontSize: `${fontPx(size)}px`, lineHeight: `${parts.legend.h}px`, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
  lines.forEach((line, i) => {
    const hue = line.seat === 1 ? 'var(--p1)' : line.seat === 2 ? 'var(--p2)' : 'var(--text)';
    const lead = parts.lead[i], at = parts.places[i];
    box(layer, { x: lead.x - 8, y: lead.y + lead.h * 0.2, w: 4, h: lead.h * 0.6 }, { background: hue, borderRadius: '2px' }).className = 'headline-mark';
    // The longest squares' variant that fits the right half; the lead takes the rest of the line.
    const texts = isObj(line.places) ? list(line.places[lang]) : [];
    const widths = list(line[`places_w_${lang}`]);
    let shown = '', shownW = 0;
    texts.forEach((t, k) => { if (num(widths[k]) <= at.w) { shown = String(t); shownW = num(widths[k]); } });
    const leadW = at.x + at.w - shownW - (at.x - lead.x - lead.w) - lead.x;
    box(layer, { ...lead, w: leadW }, { ...row(parts.textSize), color: 'var(--text)', fontWeight: 'bold' },
      isObj(line.lead) ? String(line.lead[lang] || '') : '').className = 'headline-lead fit';
    box(layer, at, { ...row(parts.textSize), color: 'var(--text)', fontWeight: 'bold', textAlign: 'right' }, shown).className = 'headline-places';
  });
  box(layer, parts.legend, { ...row(parts.legendSize), color: 'var(--dim)', textAlign: 'center' },
    isObj(d.legend) ? String(d.legend[lang] || '') : '').className = 'headline-legend fit';
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

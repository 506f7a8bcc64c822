// Layout of the browser overlay on its layout's canvas (1920x1080, portrait's
// 1080x1920: the theme's `canvas`, as broadcast/theme.h). Nothing here is
// a number of its own: where each element sits comes from the theme
// (theme.json, served by the feed; the ImGui overlay reads the same file), and
// where the board's squares and lines are comes from the frame
// (board.drawing, decided by broadcast/board_drawing.h in cell units). This
// file only fits the drawing into the theme's board element, as
// overlay/layout.cpp does.

// The canvas of a layout that names none.
export const CANVAS = { w: 1920, h: 1080 };

// A layout's canvas (the theme's layouts.NAME.canvas, else CANVAS).
export function canvasOf(theme, layout) {
  const c = theme && theme.layouts[layout] && theme.layouts[layout].canvas;
  return c && c.width > 0 && c.height > 0 ? { w: c.width, h: c.height } : CANVAS;
}

export function safeArea(theme, layout = 'landscape') {
  const f = theme.safe_fraction, c = canvasOf(theme, layout);
  const mx = (c.w * (1 - f)) / 2, my = (c.h * (1 - f)) / 2;
  return { x: mx, y: my, w: c.w - 2 * mx, h: c.h - 2 * my };
}

// A layout's metrics group: the shared one with the layout's own over it
// (theme.json layouts.NAME.metrics, as broadcast::Theme::in_layout).
export function layoutMetrics(theme, layout, group) {
  const own = theme.layouts[layout] && theme.layouts[layout].metrics;
  return own && own[group] ? { ...theme.metrics[group], ...own[group] } : theme.metrics[group];
}

// The transform that fits a canvas into a viewport, centred ('none' when it fills it).
export function fitTransform(canvas, width, height) {
  if (!(width > 0 && height > 0)) return 'none';
  const s = Math.min(width / canvas.w, height / canvas.h);
  if (s === 1 && width === canvas.w && height === canvas.h) return 'none';
  return `translate(${(width - canvas.w * s) / 2}px, ${(height - canvas.h * s) / 2}px) scale(${s})`;
}

export const right = (r) => r.x + r.w;
export const bottom = (r) => r.y + r.h;
export const inset = (r, d) => ({ x: r.x + d, y: r.y + d, w: r.w - 2 * d, h: r.h - 2 * d });

// The frame's drawing (cell units) fitted into `space`, centred.
export function boardLayout(drawing, space) {
  const { columns, rows } = drawing;
  const cell = Math.min(space.w / columns, space.h / rows);
  const w = cell * columns, h = cell * rows;
  const rect = { x: space.x + (space.w - w) / 2, y: space.y + (space.h - h) / 2, w, h };
  const at = ([x, y]) => ({ x: rect.x + x * cell, y: rect.y + y * cell });
  const box = ([x, y, bw, bh]) => ({ x: rect.x + x * cell, y: rect.y + y * cell, w: bw * cell, h: bh * cell });
  const squareRect = (s) => {
    const c = drawing.cells[s];
    return c ? { ...at(c), w: cell, h: cell } : { x: 0, y: 0, w: 0, h: 0 };
  };
  return { drawing, turned: drawing.turned, columns, rows, cell, rect, at, box, squareRect };
}

// The theme's element placements for the orientation ("landscape", "portrait").
// The theme's placements for a layout ("landscape", "portrait", "faces"; an
// unknown name: landscape's).
export function elements(theme, layout) {
  return (theme.layouts[layout] || theme.layouts.landscape).elements;
}

export function overlayLayout(theme, orientation, drawing) {
  const e = elements(theme, orientation);
  const boardSpace = e.board;
  return {
    orientation: ['portrait', 'faces'].includes(orientation) ? orientation : 'landscape',
    safe: safeArea(theme, orientation),
    canvas: canvasOf(theme, orientation),
    topBar: e.top_bar,
    panels: [e.panel1, e.panel2],
    boardSpace,
    board: boardLayout(drawing, boardSpace),
    explainer: e.explainer,
    banner: e.banner,
    // The pause's and standby's card, the warning's toast (off the board's rows) and the name straps.
    card: e.card,
    toast: e.toast,
    straps: [e.strap1, e.strap2],
    caption: e.caption,
    footer: e.footer,
    waiting: e.waiting,
    boardCompact: boardLayout(drawing, e.board_compact || e.board),
    slate: e.slate || e.waiting,
    reveal: e.reveal,
    // The board the deduction lies on (a board's placement) and the win bar's place.
    deduction: boardLayout(drawing, e.deduction || e.board),
    winBar: e.win_bar,
  };
}

// The theme's palette, type sizes and metrics as CSS custom properties
// (--panel, --fs-title, --m-panel-chip-h, ...) that overlay.css uses: CSS may
// refine the page, the theme decides its colours, sizes and inner offsets.
//
// A theme's type size is a text's line (its font's ascent + descent), as
// ImGui sizes a font (a glyph box that high, its top at the theme's y); CSS
// sizes the em. `line` is the page font's ascent + descent per px of em
// (fontLine, measured): --fs-NAME is the em that gives the theme's line, and
// --lh-NAME the line itself (a line box of that height holds the glyph box
// exactly, so a box placed at the theme's y puts its text where ImGui does,
// with no correction of the page's own).
export function themeProperties(theme, line = 1) {
  const out = {};
  for (const [k, v] of Object.entries(theme.palette)) out[`--${k.replace(/_/g, '-')}`] = v;
  for (const [k, v] of Object.entries(theme.type)) {
    out[`--fs-${k.replace(/_/g, '-')}`] = `${v / line}px`;
    out[`--lh-${k.replace(/_/g, '-')}`] = `${v}px`;
  }
  out['--text-line'] = String(line);
  // The offsets inside elements as --m-GROUP-NAME (a number: CSS multiplies by 1px).
  for (const [group, m] of Object.entries(theme.metrics || {}))
    if (group !== 'about') for (const [k, v] of Object.entries(m)) out[`--m-${group}-${k.replace(/_/g, '-')}`] = String(v);
  return out;
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

// A div absolutely placed at `rect` (canvas pixels) under `parent`, with a class
// and an optional text: every painter of the page builds its boxes with it.
export function el(parent, cls, rect, text) {
  const d = document.createElement('div');
  d.className = cls;
  if (rect) Object.assign(d.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.w}px`, height: `${rect.h}px` });
  if (text != null) d.textContent = text;
  parent.appendChild(d);
  return d;
}

// The page font's ascent + descent per px of font-size (1.15 for NanumGothic),
// from the font's own metrics: how much taller a CSS line of that font is than
// its em. Without a canvas (node's tests): 1.
export function fontLine(family) {
  if (typeof document === 'undefined') return 1;
  const c = document.createElement('canvas').getContext('2d');
  if (!c) return 1;
  c.font = `100px ${family}`;
  const m = c.measureText('Hg\uAC00');
  const v = (m.fontBoundingBoxAscent + m.fontBoundingBoxDescent) / 100;
  return Number.isFinite(v) && v > 0.5 && v < 3 ? v : 1;
}

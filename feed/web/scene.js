// Draws one on-air scene (see onair.js) into the stage, its layout's canvas
// (1920x1080; portrait's 1080x1920, the stage sized so): top bar with
// the running turn clock, player panels (warnings, items, removed trays), the
// board with terrain, the battle explainer, caption lower third, banners
// (result, standby, pause, warning) and the sealed-setup footer. build() makes
// the DOM when a new message arrives; tick() moves only what time moves (the
// clock, the next warning's count and the battle's flip/fade), so a frame costs
// a few style writes. Where each element sits, its colours and type sizes are
// the theme's (theme.json), and so are the offsets inside each element
// (theme.metrics, read by the ImGui overlay too); the board's squares and
// lines are the frame's.
import { canvasOf, el, elements, fontLine, inset, layoutMetrics, overlayLayout, right, bottom, themeProperties } from './layout.js';
import { theme, themeError } from './theme.js';
import { phrase } from './words.js';
import { drawReveal } from './reveal_paint.js';

// [SECTION] DOM helpers: every box is absolutely placed in canvas pixels (el: layout.js).

// Marks a one-line text to shrink until it fits its box, as the ImGui overlay
// does (a long name or a Korean item word must never spill into its
// neighbour). fitAll() measures every mark in one layout pass, then writes.
export const MIN_TEXT = 24;
// The page font's line per px of em (layout.js fontLine), measured when the
// stage is first themed: a theme size s is drawn at an em of s / LINE, so its
// glyph box is s high, as ImGui's (themeProperties).
let LINE = 1;
// The CSS font-size (px) that draws a text of the theme's size `size` (a line that high).
export const fontPx = (size) => size / LINE;

function fit(node) {
  node.classList.add('fit');
  return node;
}

export function fitAll(root) {
  const nodes = [...root.querySelectorAll('.fit')];
  const sizes = nodes.map((n) => [n.clientWidth, n.scrollWidth, parseFloat(getComputedStyle(n).fontSize)]);
  nodes.forEach((n, i) => {
    const [box, need, size] = sizes[i];
    // Never under 24 px (legible at 1080p, as the ImGui overlay): what still
    // does not fit is cut with an ellipsis (.fit in overlay.css).
    if (box && need > box) n.style.fontSize = `${Math.max(fontPx(MIN_TEXT), Math.floor((size * box) / need))}px`;
  });
}

// A piece's label shrinks to 95 % of its face's width (broadcast/piece_labels.h
// kLabelRoomFraction), never under 24 px, as the ImGui overlay's draw_label: the
// frame's labels were chosen to fit the board's pieces at 24 px. A tray tile
// may still be narrower than its label (it then overflows, as in ImGui).
const LABEL_ROOM = 0.95;
export function shrinkLabels(root) {
  const nodes = [...root.querySelectorAll('.tile > .label')];
  const sizes = nodes.map((n) => [n.parentNode.offsetWidth, n.scrollWidth, parseFloat(getComputedStyle(n).fontSize)]);
  nodes.forEach((n, i) => {
    const [face, need, size] = sizes[i];
    if (face && need > face * LABEL_ROOM) n.style.fontSize = `${Math.max(fontPx(MIN_TEXT), (size * face * LABEL_ROOM) / need)}px`;
  });
}

const isNumber = (s) => typeof s === 'string' && /^\d+$/.test(s);

// The theme's offsets inside an element (theme.json "metrics", checked by theme.js).
// The layout being drawn (build sets it): its own metrics lie over the shared ones, its canvas sizes the layers.
let LAYOUT = 'landscape';
const metrics = (group) => layoutMetrics(theme, LAYOUT, group);
const canvasBox = () => { const c = canvasOf(theme, LAYOUT); return { x: 0, y: 0, w: c.w, h: c.h }; };
// A text's box: its top at the theme's y, one line of the theme's size `size`
// high (the CSS line box is the glyph box, themeProperties: no correction).
const line = (x, y, w, size) => ({ x, y, w, h: theme.type[size] });

// Round pieces: on points (janggi-style discs) or stones, as the ImGui overlay.
const roundClass = (g) => (g && (g.onPoints || g.stones) ? ' round' : '');

function tile(parent, cell, owner, label, extra = '') {
  const m = metrics('tile');
  const t = el(parent, `tile p${owner} ${label == null ? 'back' : 'face'} ${extra}`, inset(cell, cell.w * m.inset_fraction));
  // Corners and the tag badge are sized by the cell (metrics radius.tile_fraction, tag.size_fraction), as in ImGui.
  t.style.setProperty('--cell-w', `${cell.w}px`);
  const tag = Math.max(MIN_TEXT, cell.h * metrics('tag').size_fraction);
  t.style.setProperty('--tag-size', `${fontPx(tag)}px`);
  t.style.setProperty('--tag-line', `${tag}px`);
  // Never under 24 px (legible at 1080p), as the ImGui overlay's pen; a line of the label's size (its glyph box).
  const size = Math.max(MIN_TEXT, cell.h * (isNumber(label) ? m.number_label_fraction : m.label_fraction));
  t.style.fontSize = `${fontPx(size)}px`;
  t.style.lineHeight = `${size}px`;
  if (label != null) el(t, 'label', null, label);
  return t;
}

export function formatClock(seconds, countsDown) {
  let s = Math.max(0, seconds);
  s = countsDown ? Math.ceil(s - 1e-9) : Math.floor(s + 1e-9);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// [SECTION] The clock: counted here from the JSON's base value and its time.
export function clockSeconds(c, now) {
  if (!c.running) return c.seconds;
  const d = Math.max(0, now - c.asOf);
  return c.countsDown ? c.seconds - d : c.seconds + d;
}

// Seconds to the next time warning: the frame's, counted down while the clock runs.
export function nextWarningSeconds(c, now) {
  if (!(c.nextWarning > 0)) return 0;
  return c.running ? Math.max(0, c.nextWarning - Math.max(0, now - c.asOf)) : c.nextWarning;
}

// The clock's level: the frame's, switching where the frame says it next changes.
export function clockLevel(c, now) {
  return c.running && c.nextLevel && c.nextLevelAt != null && now >= c.nextLevelAt ? c.nextLevel : c.level;
}

// [SECTION] Parts of the scene.
function drawTopBar(root, sc, l) {
  const r = l.topBar, m = metrics('scorebug');
  el(root, 'panel topbar', r);
  fit(el(root, 'title', line(r.x + m.pad_x, r.y + m.title_y, m.title_w, 'title'), sc.game.title));
  // The preset's id (genius-2015) is for the desk, never on air.
  const mid = r.x + r.w / 2;
  const refs = {};
  if (sc.clock.visible) {
    // A running clock past calm glows behind; a stopped one is dimmed (CSS .frozen).
    refs.glow = el(root, 'clock-glow', { x: mid - m.clock_glow_w / 2, y: r.y + m.clock_glow_inset, w: m.clock_glow_w, h: r.h - 2 * m.clock_glow_inset });
    refs.clock = el(root, 'clock', line(mid - m.clock_glow_w / 2, r.y + m.clock_y, m.clock_glow_w, 'clock'));
    // Whose clock it is: their colour and name beside it, as the ImGui overlay.
    const who = sc.clock.toMove;
    if (who >= 1) {
      el(root, `mover-bar p${who}`, { x: mid + m.mover_bar_x, y: r.y + m.mover_bar_y, w: m.mover_bar_w, h: m.mover_bar_h });
      fit(el(root, 'mover', line(mid + m.mover_x, r.y + m.mover_y, m.mover_w, 'mover'), sc.players[who - 1]));
    }
    if (!sc.clock.countsDown && sc.clock.nextWarning > 0)
      refs.nextWarning = el(root, 'next-warning', line(mid - m.next_warning_x - m.next_warning_w, r.y + m.next_warning_y, m.next_warning_w, 'next_warning'));
  }
  if (sc.statusText && !sc.result && sc.status !== 'playing')
    el(root, sc.clock.visible ? 'status small' : 'status',
      line(mid - 300, r.y + (sc.clock.visible ? m.status_y : m.status_alone_y), 600, sc.clock.visible ? 'status' : 'status_alone'), sc.statusText);
  el(root, 'ply', line(right(r) - m.pad_x - 300, r.y + m.ply_y, 300, 'ply'), `${phrase(sc, 'move')} ${sc.ply}`);
  // Each player's name strap under their face where no panel names them (faces; the frame's layout.straps).
  if (sc.straps)
    l.straps.forEach((s, i) => {
      const d = el(root, `panel strap p${i + 1}`, s);
      el(d, `strap-bar p${i + 1}`, { x: 0, y: 0, w: m.strap_bar_w, h: s.h });
      fit(el(d, 'name', line(m.strap_name_x, m.strap_name_y, s.w - m.strap_name_x - m.pad_x, 'player_name'), sc.players[i]));
    });
  return refs;
}

function drawPanel(root, sc, player, l, animating) {
  const i = player - 1, r = l.panels[i], m = metrics('panel'), pad = m.pad_x;
  const toMove = sc.toMove === player && !sc.result;
  const p = el(root, `panel player p${player}${toMove ? ' to-move' : ''}`, r);
  p.dataset.player = String(player);
  el(p, `head p${player}`, { x: 0, y: 0, w: r.w, h: m.head_h });
  fit(el(p, 'name', line(pad, m.name_y, r.w - 2 * pad, 'player_name'), sc.players[i]));
  let y = m.head_h + m.head_gap;
  if (toMove) el(p, 'to-move-tag', line(pad, y, r.w - 2 * pad, 'panel_label'), phrase(sc, 'toMove'));
  y += m.to_move_row;
  el(p, 'dim', line(pad, y, r.w - 2 * pad, 'panel_label'), phrase(sc, 'warnings'));
  const cards = Math.max(sc.warningsToDq, sc.warnings[i]);
  for (let k = 0; k < cards; ++k) {
    const lit = k < sc.warnings[i];
    const red = lit && sc.warningsToDq > 0 && sc.warnings[i] >= sc.warningsToDq;
    el(p, `card${lit ? ' lit' : ''}${red ? ' red' : ''}`, { x: r.w - pad - (cards - k) * m.card_step, y: y + m.card_y, w: m.card_w, h: m.card_h });
  }
  y += m.warnings_row;
  if (sc.items) {
    el(p, 'dim', line(pad, y, r.w - 2 * pad, 'panel_label'), phrase(sc, 'items'));
    y += m.items_row;
    // One row per counter of the game, so a Korean name is legible (at least 24 px) in full.
    sc.items[i].forEach((it, k) => {
      const c = el(p, `chip${it.left > 0 ? '' : ' spent'}`, { x: pad, y: y + k * m.chip_step, w: r.w - 2 * pad, h: m.chip_h });
      c.dataset.item = it.key;
      fit(el(c, 'chip-name', null, it.text));
      el(c, 'chip-left', null, String(it.left));
      if (it.used > 0) fit(el(c, 'chip-used', null, `${phrase(sc, 'itemsUsed')} ${it.used}`));
    });
    y += sc.items[i].length * m.chip_step + m.chips_gap;
  }
  el(p, 'dim', line(pad, y, r.w - 2 * pad, 'panel_label'), phrase(sc, 'removed'));
  // The pieces this battle removes join the tray only once they have faded:
  // the frame's count and tile while it animates, and after.
  const tr = sc.trays[i], place = sc.parts && sc.parts[l.orientation] && sc.parts[l.orientation].trays;
  if (!place) return;
  const size = animating ? place[i].during : place[i].after;
  if (!(size > 0)) return;
  const box = { x: place[i].box.x - r.x, y: place[i].box.y - r.y, w: place[i].box.w, h: place[i].box.h };
  const shown = Math.min(animating ? tr.during : tr.after, tr.labels.length);
  const perRow = Math.max(1, Math.floor(box.w / size));
  const tray = el(p, 'tray', { x: 0, y: 0, w: r.w, h: r.h });
  tray.dataset.count = String(shown);
  for (let k = 0; k < shown; ++k) {
    const cell = { x: box.x + (k % perRow) * size, y: box.y + Math.floor(k / perRow) * size, w: size, h: size };
    if (bottom(cell) > bottom(box)) break;
    tile(tray, cell, player, tr.labels[k], `in-tray${roundClass(sc.game)}`);
  }
}

// The frame's lines (board.drawing: grid and edges, or the lines through the
// points; palace diagonals; minus lines) and palace shades, in one SVG. Which
// lines a board has is broadcast's (board_drawing.h); only their look is here.
function drawLines(layer, g, b) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', `board-lines${g.onPoints ? ' on-points' : ''}`);
  svg.setAttribute('width', String(canvasBox().w));
  svg.setAttribute('height', String(canvasBox().h));
  const add = (tag, attrs) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.appendChild(e);
  };
  for (const f of b.drawing.palaceFills) {
    const r = b.box(f);
    add('rect', { class: 'palace-fill', x: r.x, y: r.y, width: r.w, height: r.h });
  }
  for (const line of b.drawing.lines) {
    const a = b.at(line.a), z = b.at(line.b);
    add('line', { class: `line ${line.kind}`, x1: a.x, y1: a.y, x2: z.x, y2: z.y });
  }
  layer.appendChild(svg);
}

function drawBoard(root, sc, l, animating) {
  const g = sc.game, b = l.board, m = metrics('board');
  const board = el(root, 'board', inset(b.rect, -m.margin));
  board.style.setProperty('--cell', `${b.cell}px`);
  const layer = el(root, 'board-layer', canvasBox());
  g.squares.forEach((sq, s) => {
    const cell = b.squareRect(s);
    if (sq.territory) el(layer, `territory p${sq.territory}`, inset(cell, m.territory_inset));
    for (const t of sq.terrain) {
      if (t === 'palace') continue;  // the drawing's diagonals
      el(layer, `terrain ${t}`, t === 'lake' ? inset(cell, m.lake_inset) : inset(cell, m.mark_inset));
    }
  });
  drawLines(layer, g, b);
  for (const sign of b.drawing.minusSigns) {
    const c = b.at(sign);
    const half = b.cell * m.minus_half_fraction, t = b.cell * m.minus_thick_fraction;
    el(layer, 'minus-sign', { x: c.x - half, y: c.y - t / 2, w: 2 * half, h: t });
  }
  if (sc.lastMove && sc.lastMove.from >= 0) el(layer, 'last-from', inset(b.squareRect(sc.lastMove.from), m.last_from_inset));
  const fighting = new Set();
  if (animating) for (const f of sc.battle.fighters) fighting.add(`${f.square}/${f.owner}`);
  for (const [s, p] of sc.board) {
    if (fighting.has(`${s}/${p.owner}`)) continue;  // the battle draws it
    const t = tile(layer, b.squareRect(s), p.owner, p.label, roundClass(g));
    t.dataset.square = String(s);
  }
  if (sc.lastMove && sc.lastMove.to >= 0) el(layer, 'last-to', inset(b.squareRect(sc.lastMove.to), m.last_to_inset));
}

function drawBattle(root, sc, l) {
  const b = sc.battle;
  const layer = el(root, 'battle-layer', canvasBox());
  const fighters = b.fighters
    .filter((f) => f.square >= 0)
    .map((f) => {
      const cell = l.board.squareRect(f.square);
      // The ring: metrics tile.glow_inset_fraction and radius.glow_fraction of the cell, as ImGui's.
      const glow = el(layer, `glow${roundClass(sc.game)}`, inset(cell, cell.w * metrics('tile').glow_inset_fraction));
      if (!roundClass(sc.game)) glow.style.borderRadius = `${cell.w * metrics('radius').glow_fraction}px`;
      const t = tile(layer, cell, f.owner, null, `fighter${roundClass(sc.game)}`);
      return { f, t, glow, cell };
    });
  return { layer, fighters, explainer: null };
}

// The battle's explainer, a part of its own (the `explainer` element: a page
// asked for it alone, ?elements=explainer, paints only this).
function drawExplainer(root, sc, l) {
  const b = sc.battle;
  // The frame's place for it (beside the battle's squares); a frame without one: the theme's.
  const place = b.explainerBox && b.explainerBox[l.orientation];
  const explainer = el(root, 'explainer', place || l.explainer);
  // Each line at the frame's place for it (a block split around the battle's
  // squares), relative to the box around them; without places, stacked.
  const lines = b.explainerLines && b.explainerLines[l.orientation];
  const at = place && lines && lines.length >= Math.min(b.explainer.length, 4) ? lines : null;
  b.explainer.slice(0, 4).forEach((line, i) => {
    const r = at && { x: at[i].x - place.x, y: at[i].y - place.y, w: at[i].w, h: at[i].h };
    const node = fit(el(explainer, 'explain-line', r, line));
    if (r) node.style.position = 'absolute';
  });
  return explainer;
}

function drawBanner(root, sc, l, animating, now) {
  const r = l.banner;
  // Which banner is the frame's (broadcast/on_air_rules.h): the one for now
  // while the battle animates here, the one after it once it has.
  const which = animating ? sc.banner : sc.bannerAfterBattle;
  if (which === 'result' && sc.result) {
    const d = el(root, `banner result ${sc.result.colour}`, r);
    fit(el(d, 'headline', null, sc.result.headline));
    fit(el(d, 'sentence', null, sc.result.sentence));
    return d;
  }
  // The pause's and standby's card and the warning's toast have places of their own (theme.json).
  const card = l.card;
  if (which === 'standby') {
    const d = el(root, 'banner standby', card);
    el(d, 'headline', null, phrase(sc, 'standby'));
    fit(el(d, 'sentence', null, phrase(sc, 'deskReconnecting')));
    return d;
  }
  if (which === 'paused') {
    const d = el(root, 'banner paused', card);
    el(d, 'headline', null, phrase(sc, 'paused'));
    el(d, 'sentence', null, sc.pauseReason);
    return d;
  }
  if (which === 'warning' && sc.toast && now < sc.toast.until) {
    const d = el(root, 'banner toast', l.toast);
    el(d, 'toast-card');
    fit(el(d, 'headline', null, sc.toast.line));
    fit(el(d, 'sentence', null, sc.toast.sub));
    return d;
  }
  return null;
}

// The title card: the game's name, both finalists in their colours.
function drawSlate(root, sc, l) {
  const r = l.slate, m = metrics('slate');
  const d = el(root, 'panel slate', r);
  fit(el(d, 'slate-title', { x: m.title_x, y: m.title_y, w: r.w - 2 * m.title_x, h: m.title_h }, sc.game.title));
  const w = r.w * m.bar_w_fraction;
  [1, 2].forEach((p) => {
    const x = (p === 1 ? r.w * 0.25 : r.w * 0.75) - w / 2;  // each player's half, centred
    el(d, `slate-bar p${p}`, { x, y: m.bar_y, w, h: m.bar_h });
    fit(el(d, 'slate-name', line(x, m.name_y, w, 'player_name'), sc.players[p - 1]));
  });
}

function drawCaption(root, sc, l) {
  if (sc.caption == null) return;
  const d = el(root, 'caption', l.caption);
  fit(el(d, 'caption-text', null, sc.caption));
}

function drawFooter(root, sc, l, replay) {
  if (!sc.seals[0] && !sc.seals[1] && !replay) return;
  const r = l.footer;
  const f = el(root, 'panel footer', r), m = metrics('footer');
  let x = m.pad_x;
  if (sc.seals[0] || sc.seals[1]) {
    el(f, 'dim seal-title', line(x, m.seal_title_y, m.seal_title_w - 10, 'seal_title'), phrase(sc, 'sealedSetups'));
    x += m.seal_title_w;
    sc.seals.forEach((s, i) => {
      if (!s) return;
      el(f, `seal-bar p${i + 1}`, { x, y: m.seal_bar_y, w: m.seal_bar_w, h: m.seal_bar_h });
      const h = s.text;  // cut by the frame (broadcast/on_air_text.h seal_hash_text), not here
      // The hash shrinks into its box, which ends before the check's (the "…" never touches the tick).
      fit(el(f, 'seal-hash', line(x + m.seal_hash_x, m.seal_hash_y, m.seal_hash_w, 'seal_hash'), h)).title = s.hash;
      if (s.verified != null) {
        // The check's box (metrics footer.seal_check_*), the tick drawn in it where ImGui strokes it.
        const check = el(f, `seal-check ${s.verified ? 'ok' : 'bad'}`, { x: x + m.seal_check_x, y: m.seal_check_y, w: m.seal_check_w, h: m.seal_check_h });
        if (s.verified) sealTick(check, m);
        fit(el(check, 'seal-check-text', null, phrase(sc, s.verified ? 'verified' : 'mismatch')));
        x += m.seal_check_step;
      }
      x += m.seal_step;
    });
  }
  if (replay) el(f, 'replay-pos', line(r.w - m.pad_x - 500, m.replay_y, 500, 'replay'), replay);
}

// The seal check's tick in its box (metrics footer.tick_*): down to the elbow,
// then up to the far corner, the points overlay_draw.cpp seal_tick strokes.
function sealTick(check, m) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', 'tick');
  svg.setAttribute('width', String(m.tick_x + m.tick_w + 4));
  svg.setAttribute('height', String(m.tick_y + m.tick_h + 4));
  const x = m.tick_x, y = m.tick_y, w = m.tick_w, h = m.tick_h;
  const pl = document.createElementNS(ns, 'polyline');
  pl.setAttribute('points', `${x},${y + h * m.tick_elbow_y_fraction} ${x + w * m.tick_elbow_x_fraction},${y + h} ${x + w},${y}`);
  svg.appendChild(pl);
  check.appendChild(svg);
}

// [SECTION] Entry points.
export function battleElapsed(sc, now) {
  if (!sc || !sc.battle) return -1;
  // Held by the director: the picture stands where the document froze it.
  const t = sc.battle.held ? sc.battle.elapsed : now - sc.battle.start;
  return t >= 0 && t < sc.battle.duration ? t : -1;
}

// The scene's parts in drawing order (later ones on top). Each is redrawn only
// when what it shows changed, so a caption or a clock message rebuilds a few
// nodes, not the board.
const PARTS = ['top', 'panel1', 'panel2', 'board', 'battle', 'explain', 'compact', 'banner', 'caption', 'footer', 'slate', 'reveal'];
// The director's element each part belongs to (docs/director.md). A banner
// belongs to the element the frame names (broadcast::banner_owner).
const PART_ELEMENT = { top: 'scorebug', panel1: 'players', panel2: 'players', board: 'board', battle: 'board',
  explain: 'explainer', caption: 'caption', footer: 'board', compact: 'board-compact', slate: 'slate', reveal: 'reveal' };
function bannerElement(sc, animating) {
  return (animating ? sc.bannerElement : sc.bannerAfterBattleElement) || 'scorebug';
}
// Whether an element shows: the director has it cued (no elements in an
// older frame: all are), and the page was asked for it (?elements=, null: all).
export function elementShown(sc, name, only) {
  if (only && !only.has(name)) return false;
  // Elements no default layout shows (a frame without elements, or without
  // this name, never shows them): the small board and the slate.
  if (OPT_IN.has(name)) return !!sc.elements && sc.elements[name] === true;
  return !sc.elements || sc.elements[name] !== false;
}
const OPT_IN = new Set(['board-compact', 'slate']);

function partKeys(sc, animating, now, replay) {
  const panel = (p) => [sc.players[p - 1], sc.toMove === p && !sc.result, sc.warnings, sc.warningsToDq,
    sc.items && sc.items[p - 1], sc.trays[p - 1], animating];
  const toast = sc.toast && sc.toast.player >= 1 && now < sc.toast.until ? sc.toast : null;
  return {
    top: [sc.game.title, sc.clock.visible, sc.clock.toMove, sc.clock.countsDown, sc.clock.nextWarning > 0,
      sc.players, sc.statusText, !!sc.result, sc.status, sc.ply, !!sc.straps],
    panel1: panel(1),
    panel2: panel(2),
    board: [[...sc.board], sc.lastMove, animating && sc.battle.fighters.map((f) => [f.square, f.owner])],
    battle: animating ? [sc.battle] : null,
    explain: animating ? [sc.battle] : null,
    banner: [sc.banner, sc.bannerAfterBattle, sc.result, animating, sc.pauseReason, toast],
    caption: [sc.caption],
    footer: [sc.seals, replay],
    compact: elementShown(sc, 'board-compact', null) && [[...sc.board], sc.lastMove],
    slate: elementShown(sc, 'slate', null) && [sc.game.title, sc.players],
    reveal: sc.reveal ? [sc.reveal.title, sc.reveal.setups, [...sc.reveal.pieces], sc.players] : null,
  };
}

// Builds the scene, reusing the parts of the previous handle (prev) that did
// not change. Returns the handle tick() and the next build() need.
export function build(root, sc, { orientation = 'landscape', now, replay = null, only = null } = {}, prev = null) {
  root.dataset.seq = String(sc ? sc.seq : 0);
  if (!theme) {
    // No theme, no numbers to draw with: nothing on air, and the reason for the engineer.
    root.replaceChildren();
    root.dataset.themeError = themeError || 'no theme';
    return { sc, animating: false };
  }
  // The stage is the layout's canvas (overlay.js and replay.js fit it into their viewport).
  LAYOUT = orientation;
  const canvas = canvasOf(theme, orientation);
  if (root.dataset.canvas !== `${canvas.w}x${canvas.h}`) {
    Object.assign(root.style, { width: `${canvas.w}px`, height: `${canvas.h}px` });
    root.dataset.canvas = `${canvas.w}x${canvas.h}`;
  }
  if (root.dataset.themed !== '1') {
    LINE = fontLine(getComputedStyle(root).fontFamily);
    for (const [k, v] of Object.entries(themeProperties(theme, LINE))) root.style.setProperty(k, v);
    root.dataset.themed = '1';
  }
  if (!sc || !sc.game) {
    root.replaceChildren();
    el(root, 'panel waiting', elements(theme, orientation).waiting, sc ? sc.waiting : '');
    return { sc, animating: false };
  }
  // The placements are the layout's; the board lies upright only in portrait.
  const l = overlayLayout(theme, orientation, sc.game.drawing[orientation === 'portrait' ? 'portrait' : 'landscape']);
  const animating = battleElapsed(sc, now) >= 0;
  // The board's shape and the language change every part.
  const frameKey = JSON.stringify([sc.game, sc.lang, orientation]);
  let parts = prev && prev.parts && prev.frameKey === frameKey && root.firstChild === prev.parts.get('top').node ? prev.parts : null;
  if (!parts) {
    root.replaceChildren();
    parts = new Map(PARTS.map((n) => [n, { node: el(root, `part part-${n}`), key: null }]));
  }
  const keys = partKeys(sc, animating, now, replay);
  const h = { sc, l, parts, frameKey, refs: prev && parts === prev.parts ? prev.refs : {}, battle: prev && parts === prev.parts ? prev.battle : null,
    banner: prev && parts === prev.parts ? prev.banner : null, animating, toastUntil: sc.toast ? sc.toast.until : 0, orientation, replay };
  const fresh = [];
  const draw = {
    top: (n) => { h.refs = drawTopBar(n, sc, l); },
    panel1: (n) => drawPanel(n, sc, 1, l, animating),
    panel2: (n) => drawPanel(n, sc, 2, l, animating),
    board: (n) => drawBoard(n, sc, l, animating),
    battle: (n) => { h.battle = animating ? drawBattle(n, sc, l) : null; },
    explain: (n) => { if (h.battle) h.battle.explainer = drawExplainer(n, sc, l); },
    banner: (n) => { h.banner = drawBanner(n, sc, l, animating, now); },
    caption: (n) => drawCaption(n, sc, l),
    footer: (n) => drawFooter(n, sc, l, replay),
    // The board, small, beside a camera shot: the pieces as the frame has them.
    compact: (n) => keys.compact && drawBoard(n, sc, { ...l, board: l.boardCompact }, false),
    slate: (n) => keys.slate && drawSlate(n, sc, l),
    // Both setups after `close` (reveal_paint.js), a card over the picture.
    reveal: (n) => keys.reveal && drawReveal(n, sc, l, sc.game.drawing, drawBoard, phrase),
  };
  // Whether each part is on air: its element shown and something to show. A
  // part going off keeps its last content while it fades (overlay.css
  // .element-off, 0.3 s): a caption, a result or standby is never emptied at
  // the first frame of its fade; it is redrawn once it is on again.
  const present = partsPresent(sc, keys, animating, now);
  const shown = {};
  for (const name of PARTS) {
    const element = name === 'banner' ? bannerElement(sc, animating) : PART_ELEMENT[name];
    // The explainer goes with the battle on the program's board (a page showing the explainer alone included).
    shown[name] = elementShown(sc, element, only) && present[name] && (name !== 'explain' || elementShown(sc, 'board', null));
  }
  for (const name of PARTS) {
    const part = parts.get(name);
    const key = JSON.stringify(keys[name]);
    if (key === part.key) continue;
    // Fading out (or off already): the last content stays until it is on again.
    if (!shown[name] && part.node.firstChild && KEEP_WHILE_FADING.has(name)) continue;
    part.key = key;
    part.node.replaceChildren();
    draw[name](part.node);
    fresh.push(part.node);
  }
  // A kept banner is not the handle's to tick (its toast's end is past).
  if (!shown.banner && parts.get('banner').key !== JSON.stringify(keys.banner)) h.banner = null;
  for (const n of fresh) fitAll(n);
  for (const n of fresh) shrinkLabels(n);
  // Each element fades in and out on its own (overlay.css .element-off).
  for (const name of PARTS) {
    const part = parts.get(name);
    // A banner gone keeps its element's name while it fades.
    if (name !== 'banner' || present.banner) part.node.dataset.element = name === 'banner' ? bannerElement(sc, animating) : PART_ELEMENT[name];
    part.node.classList.toggle('element-off', !shown[name]);
  }
  tick(h, now);
  return h;
}

// The parts that keep their last content while they fade out: a text or a
// card that leaves (the battle's own layer ends with its animation).
const KEEP_WHILE_FADING = new Set(['explain', 'banner', 'caption', 'reveal', 'slate', 'compact']);

// Whether each part has something to show now (its element aside).
function partsPresent(sc, keys, animating, now) {
  const which = animating ? sc.banner : sc.bannerAfterBattle;
  const banner = (which === 'result' && !!sc.result) || which === 'standby' || which === 'paused' ||
    (which === 'warning' && !!sc.toast && now < sc.toast.until);
  const out = {};
  for (const name of PARTS) out[name] = true;
  return Object.assign(out, { banner, caption: sc.caption != null, battle: !!keys.battle, explain: !!keys.explain,
    reveal: !!keys.reveal, slate: !!keys.slate, compact: !!keys.compact });
}

// Moves what time moves. Returns false when the scene must be built again (a
// battle ended or a warning toast expired).
export function tick(h, now) {
  const sc = h.sc;
  if (!sc || !sc.game) return true;
  if (h.refs.clock) {
    const shown = clockSeconds(sc.clock, now);
    const text = formatClock(shown, sc.clock.countsDown);
    const cls = `clock ${clockLevel(sc.clock, now)}${sc.clock.running ? ' running' : ' frozen'}`;
    // Written only when the second or the colour changes: a frame that changes
    // nothing costs no style or layout work.
    if (h.refs.clock.textContent !== text) h.refs.clock.textContent = text;
    if (h.refs.clock.className !== cls) h.refs.clock.className = cls;
    const glow = `clock-glow ${clockLevel(sc.clock, now)}${sc.clock.running ? ' running' : ' frozen'}`;
    if (h.refs.glow.className !== glow) h.refs.glow.className = glow;
  }
  if (h.refs.nextWarning) {
    // "WARNING 0:12": the time to the next time warning, in the clock's colour.
    const left = nextWarningSeconds(sc.clock, now);
    const text = left > 0 ? `${phrase(sc, 'warning')} ${formatClock(left, true)}` : '';
    const cls = `next-warning ${clockLevel(sc.clock, now)}`;
    if (h.refs.nextWarning.textContent !== text) h.refs.nextWarning.textContent = text;
    if (h.refs.nextWarning.className !== cls) h.refs.nextWarning.className = cls;
  }
  const t = battleElapsed(sc, now);
  if (h.animating !== t >= 0) return false;
  if (h.banner && h.banner.classList.contains('toast') && now >= h.toastUntil) return false;
  if (t < 0) return true;
  const b = sc.battle;
  const fade = t >= b.fadeStart ? 1 - (t - b.fadeStart) / (b.duration - b.fadeStart) : 1;
  for (const { f, t: tileEl, glow } of h.battle.fighters) {
    let squash = 1, label = null, tag = null, alpha = 1;
    if (f.wasFaceUp && f.label != null) {
      label = f.label;
      if (f.removed) alpha = fade;
    } else if (t < b.lightUpEnd) {
      label = null;
    } else if (t < b.flipEnd) {
      const u = (t - b.lightUpEnd) / (b.flipEnd - b.lightUpEnd);
      squash = Math.max(0.04, Math.abs(Math.cos(u * Math.PI)));
      if (u >= 0.5) {
        label = f.label;
        if (f.hiddenTag) tag = f.hiddenTag;
      }
    } else {
      label = f.label;
      if (f.hiddenTag) tag = f.hiddenTag;
      if (f.removed) alpha = fade;
    }
    if (t >= b.flipEnd && f.tag) tag = f.tag;
    const phase = t < b.lightUpEnd ? 'light' : t < b.flipEnd ? 'flip' : t < b.fadeStart ? 'shown' : 'fade';
    tileEl.dataset.phase = phase;
    const face = label != null;
    tileEl.className = `tile p${f.owner} ${face ? 'face' : 'back'} fighter${roundClass(sc.game)}`;
    // Mid-flip (squashed to under half its width) a face shows no text yet, as in the ImGui overlay.
    const want = face ? `${squash > 0.5 ? label : ''}|${tag && squash > 0.5 ? tag : ''}` : '';
    if (tileEl.dataset.label !== want) {
      tileEl.replaceChildren();
      if (face && squash > 0.5) el(tileEl, 'label', null, label);
      if (tag && squash > 0.5) el(tileEl, 'tag', null, tag);
      tileEl.dataset.label = want;
      if (face && squash > 0.5) shrinkLabels(tileEl.parentNode);
    }
    tileEl.style.transform = `scaleX(${squash})`;
    tileEl.style.opacity = String(Math.max(0, alpha));
    glow.style.opacity = String(Math.min(1, t / b.lightUpEnd) * Math.max(0, alpha));
  }
  // A class, not an inline style: an inline visibility would override the
  // element's own off state (.element-off) and its part's (overlay.css).
  if (h.battle.explainer) h.battle.explainer.classList.toggle('flipped', t >= b.flipEnd);
  h.battle.layer.dataset.phase = t < b.lightUpEnd ? 'light' : t < b.flipEnd ? 'flip' : t < b.fadeStart ? 'shown' : 'fade';
  return true;
}

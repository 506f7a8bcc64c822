// The replay page's win-probability graph (/replay/M): player 1's win
// probability after every move step over the whole match, player 2 the rest,
// from GET /replay/M/analysis (feed/replay_analysis.h), with the turning points
// (the steps where it swung most) marked and the step shown now (replay.js's
// body[data-step]) followed by a cursor. A view selector (public, player 1,
// player 2, referee: the names of `facedown analyze --view`) draws the chosen
// view's line beside the public one (the area). The feed decides who may see
// which view (a finished match once its end is older than the TV delay; before
// that the TV token's holder, ?token= on this page's address): a refusal is
// shown as the feed words it. The feed works the graph out beside the match;
// this page asks again until it is complete. It decides nothing: the numbers,
// the steps and the turning points are the feed's.
const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 140;
const VIEWS = [['public', 'public'], ['player1', 'player 1'], ['player2', 'player 2'], ['referee', 'referee']];
const params = new URLSearchParams(location.search);
const fromPath = /\/replay\/([^/]+)/.exec(location.pathname);
const match = fromPath ? decodeURIComponent(fromPath[1]) : params.get('match') || '';
const token = params.get('token') || '';
const initialView = VIEWS.some(([v]) => v === params.get('view')) ? params.get('view') : 'public';
// data: the public graph; views[v]: another view's ({data} or {error, status}).
const state = { data: null, total: 0, view: initialView, views: {}, timers: {} };

function node(parent, name, attrs = {}, text = null) {
  const n = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text != null) n.textContent = text;
  parent.appendChild(n);
  return n;
}

function panel() {
  let g = document.getElementById('graph');
  if (!g) {
    g = document.createElement('div');
    g.id = 'graph';
    document.body.appendChild(g);
  }
  Object.assign(g.style, { position: 'absolute', left: '0', right: '0', bottom: '56px', height: `${HEIGHT}px`,
    background: 'rgb(12, 16, 30)', borderTop: '2px solid rgb(70, 80, 110)' });
  if (!document.getElementById('graph-view')) {
    const sel = document.createElement('select');
    sel.id = 'graph-view';
    sel.title = 'whose win probability the graph shows beside the public one';
    for (const [v, label] of VIEWS) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = label;
      sel.appendChild(o);
    }
    sel.value = state.view;
    Object.assign(sel.style, { position: 'absolute', right: '8px', top: '6px', zIndex: '2' });
    sel.onchange = () => {
      setView(sel.value);
      sel.blur();  // the arrows step the replay again
    };
    g.appendChild(sel);
  }
  let plot = document.getElementById('graph-plot');
  if (!plot) {
    plot = document.createElement('div');
    plot.id = 'graph-plot';
    g.appendChild(plot);
  }
  const v = document.getElementById('viewport');
  if (v && v.style.bottom !== `${56 + HEIGHT}px`) {
    v.style.bottom = `${56 + HEIGHT}px`;
    window.dispatchEvent(new Event('resize'));  // replay.js fits the stage again
  }
  return g;
}

// Where the turning points' swing labels go: each (width w, height h) right of
// its mark at x (ascending), or left of it where the right would leave the
// plot [lo, hi], on the first row from `top` down where it meets no label
// placed before, so no two labels ever overprint (tests/browser/replay_graph_test.mjs).
// The same rule as the console's graph (console/replay_graph.h place_turn_labels).
export function placeTurnLabels(xs, widths, h, lo, hi, top) {
  const out = [];
  const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  xs.forEach((x, i) => {
    const w = widths[i] || 0;
    const left = x + 8 + w <= hi ? x + 8 : Math.max(lo, x - 8 - w);
    for (let row = 0; ; row++) {
      const r = { x: left, y: top + row * h, w, h };
      if (!out.some((o) => meets(o, r))) {
        out.push(r);
        break;
      }
    }
  });
  return out;
}

// A swing label's width at 14 px: an upper bound (a digit or sign 0.6 em).
const labelWidth = (text) => Math.ceil(text.length * 14 * 0.6) + 2;

// x of a row position: the graph spans the match's rows, as the slider does.
const xOf = (position, width) => (state.total > 0 ? (position / state.total) * width : 0);
const drawn = (steps, key) => (steps || []).filter((s) => s[key] && s[key].player1);

export function drawGraph() {
  const g = panel();
  const plot = document.getElementById('graph-plot');
  const d = state.data;
  plot.replaceChildren();
  const width = g.clientWidth || 1200;
  const svg = node(plot, 'svg', { width, height: HEIGHT, viewBox: `0 0 ${width} ${HEIGHT}`, class: 'win-graph' });
  const top = 10, h = HEIGHT - 30;
  const yOf = (p) => top + (1 - p) * h;
  const pathOf = (points, key) =>
    points.map((s, i) => `${i ? 'L' : 'M'}${xOf(s.position, width).toFixed(1)},${yOf(s[key].player1.p).toFixed(1)}`).join(' ');
  node(svg, 'rect', { x: 0, y: top, width, height: h, fill: 'rgb(22, 28, 46)' });
  node(svg, 'line', { x1: 0, x2: width, y1: yOf(0.5), y2: yOf(0.5), stroke: 'rgb(70, 80, 110)', 'stroke-dasharray': '6 6' });
  // The value axis: player 1's chance, 0, 50 and 100 %, inside the plot's left edge.
  for (const [text, p, base] of [['100%', 1, 'hanging'], ['50%', 0.5, 'middle'], ['0%', 0, 'alphabetic']]) {
    const t = node(svg, 'text', { x: 4, y: yOf(p) + (p === 1 ? 2 : p === 0 ? -3 : 0), fill: 'rgb(130, 140, 165)', 'font-size': 12,
      'dominant-baseline': base, class: 'axis' }, text);
    t.dataset.value = String(p);
  }
  g.dataset.view = state.view;
  if (!d) return;
  const points = drawn(d.steps, 'public');
  if (points.length) {
    const path = pathOf(points, 'public');
    // Player 1's share above, player 2's below, as the win bar's colours.
    const area = `${path} L${xOf(points[points.length - 1].position, width).toFixed(1)},${top + h} L${xOf(points[0].position, width).toFixed(1)},${top + h} Z`;
    node(svg, 'path', { d: area, fill: 'rgb(60, 110, 220)', 'fill-opacity': 0.35, class: 'area' });
    node(svg, 'path', { d: path, fill: 'none', stroke: 'rgb(120, 170, 255)', 'stroke-width': 3, class: 'line' });
  }
  // The chosen view beside the public one; its turning points are the ones marked.
  const other = state.view !== 'public' ? state.views[state.view] || { pending: true } : null;
  let marked = d, key = 'public', viewPoints = [];
  delete g.dataset.error;
  delete g.dataset.viewPoints;
  if (other && other.data) {
    marked = other.data;
    key = state.view;
    viewPoints = drawn(other.data.steps, key);
    if (viewPoints.length) {
      const p = node(svg, 'path', { d: pathOf(viewPoints, key), fill: 'none', stroke: 'rgb(255, 150, 70)', 'stroke-width': 3,
        class: 'view-line' });
      p.dataset.view = state.view;
    }
    g.dataset.viewPoints = String(viewPoints.length);
  } else if (other && other.error) {
    marked = null;
    g.dataset.error = String(other.status);
    node(svg, 'text', { x: 6, y: top + 16, fill: 'rgb(255, 120, 120)', 'font-size': 13, class: 'view-error' },
      other.error.slice(0, 160));
  }
  const turning = marked ? marked.turning_points || [] : [];
  const swings = turning.map((t) => `${t.swing > 0 ? '+' : ''}${Math.round(t.swing * 100)}`);
  const places = placeTurnLabels(turning.map((t) => xOf(t.position, width)), swings.map(labelWidth), 16, 0, width, top + 1);
  turning.forEach((t, i) => {
    const x = xOf(t.position, width);
    const s = marked.steps.find((q) => q.position === t.position);
    const y = s && s[key] && s[key].player1 ? yOf(s[key].player1.p) : top + h / 2;
    node(svg, 'line', { x1: x, x2: x, y1: top, y2: top + h, stroke: 'rgb(255, 204, 64)', 'stroke-width': 2, class: 'turning' });
    const c = node(svg, 'circle', { cx: x, cy: y, r: 7, fill: 'rgb(255, 204, 64)', class: 'turning-point' });
    c.dataset.position = String(t.position);
    c.dataset.ply = String(t.ply);
    c.dataset.view = key;
    const r = places[i];
    const label = node(svg, 'text', { x: r.x, y: r.y + 13, fill: 'rgb(255, 204, 64)', 'font-size': 14, class: 'swing' }, swings[i]);
    label.dataset.box = [r.x, r.y, r.w, r.h].join(',');
  });
  const step = Number(document.body.dataset.step || 0);
  node(svg, 'line', { x1: xOf(step, width), x2: xOf(step, width), y1: top, y2: top + h, stroke: '#fff', 'stroke-width': 2, class: 'cursor' });
  const label = VIEWS.find(([v]) => v === state.view)[1];
  const complete = d.complete && (!other || (other.data && other.data.complete));
  const caption = state.view === 'public'
    ? `public win probability, ${points.length} moves`
    : `${label} (orange) beside the public (blue), ${viewPoints.length} of ${points.length} moves`;
  node(svg, 'text', { x: 6, y: HEIGHT - 6, fill: 'rgb(160, 170, 190)', 'font-size': 14 },
    complete ? caption : `${caption} so far…`);
  g.dataset.points = String(points.length);
  g.dataset.turning = String(turning.length);
  g.dataset.complete = d.complete ? '1' : '0';
  g.dataset.viewComplete = !other ? (d.complete ? '1' : '0') : other.data && other.data.complete ? '1' : '0';
}

// Fetches view `v`'s graph and asks again until it is complete (a refused
// view is asked again only when chosen again).
async function load(v = 'public') {
  clearTimeout(state.timers[v]);
  const q = new URLSearchParams();
  if (v !== 'public') q.set('view', v);
  if (v !== 'public' && token) q.set('token', token);
  const qs = q.toString();
  try {
    const res = await fetch(`/replay/${encodeURIComponent(match)}/analysis${qs ? `?${qs}` : ''}`, { headers: { Accept: 'application/json' } });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      if (v === 'public') {
        panel().dataset.error = String(res.status);
        return;  // no analysis on this feed: no graph
      }
      state.views[v] = { error: body.error || `refused (${res.status})`, status: res.status };
    } else if (v === 'public') {
      state.data = body;
      state.total = Number(body.total) || 0;
    } else {
      state.views[v] = { data: body };
    }
    if (state.data) drawGraph();
    const again = v === 'public' ? !body.complete : res.ok && !body.complete;
    if (again && (v === 'public' || v === state.view)) state.timers[v] = setTimeout(() => load(v), 1000);
  } catch (e) {
    state.timers[v] = setTimeout(() => load(v), 2000);
  }
}

export function setView(v) {
  state.view = v;
  const sel = document.getElementById('graph-view');
  if (sel && sel.value !== v) sel.value = v;
  if (state.data) drawGraph();
  if (v !== 'public') load(v);
}

// The cursor follows the step replay.js shows.
new MutationObserver(() => { if (state.data) drawGraph(); }).observe(document.body, { attributes: true, attributeFilter: ['data-step'] });
window.addEventListener('resize', () => { if (state.data) drawGraph(); });
panel();
load('public');
if (state.view !== 'public') load(state.view);

// The replay page's win-probability graph (/replay/M): the public win
// probability of player 1 after every move step over the whole match, player 2
// the rest, from GET /replay/M/analysis (feed/replay_analysis.h), with the
// turning points (the steps where it swung most) marked and the step shown now
// (replay.js's body[data-step]) followed by a cursor. The feed works the graph
// out beside the match; this page asks again until it is complete. It decides
// nothing: the numbers, the steps and the turning points are the feed's.
const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 140;
const fromPath = /\/replay\/([^/]+)/.exec(location.pathname);
const match = fromPath ? decodeURIComponent(fromPath[1]) : new URLSearchParams(location.search).get('match') || '';
const state = { data: null, total: 0 };

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
  const v = document.getElementById('viewport');
  if (v && v.style.bottom !== `${56 + HEIGHT}px`) {
    v.style.bottom = `${56 + HEIGHT}px`;
    window.dispatchEvent(new Event('resize'));  // replay.js fits the stage again
  }
  return g;
}

// x of a row position: the graph spans the match's rows, as the slider does.
const xOf = (position, width) => (state.total > 0 ? (position / state.total) * width : 0);

export function drawGraph() {
  const g = panel();
  const d = state.data;
  g.replaceChildren();
  const width = g.clientWidth || 1200;
  const svg = node(g, 'svg', { width, height: HEIGHT, viewBox: `0 0 ${width} ${HEIGHT}`, class: 'win-graph' });
  const top = 10, h = HEIGHT - 30;
  const yOf = (p) => top + (1 - p) * h;
  node(svg, 'rect', { x: 0, y: top, width, height: h, fill: 'rgb(22, 28, 46)' });
  node(svg, 'line', { x1: 0, x2: width, y1: yOf(0.5), y2: yOf(0.5), stroke: 'rgb(70, 80, 110)', 'stroke-dasharray': '6 6' });
  if (!d) return;
  const points = d.steps.filter((s) => s.public && s.public.player1);
  if (points.length) {
    const path = points.map((s, i) => `${i ? 'L' : 'M'}${xOf(s.position, width).toFixed(1)},${yOf(s.public.player1.p).toFixed(1)}`).join(' ');
    // Player 1's share above, player 2's below, as the win bar's colours.
    const area = `${path} L${xOf(points[points.length - 1].position, width).toFixed(1)},${top + h} L${xOf(points[0].position, width).toFixed(1)},${top + h} Z`;
    node(svg, 'path', { d: area, fill: 'rgb(60, 110, 220)', 'fill-opacity': 0.35, class: 'area' });
    node(svg, 'path', { d: path, fill: 'none', stroke: 'rgb(120, 170, 255)', 'stroke-width': 3, class: 'line' });
  }
  for (const t of d.turning_points || []) {
    const x = xOf(t.position, width);
    const s = d.steps.find((q) => q.position === t.position);
    const y = s && s.public ? yOf(s.public.player1.p) : top + h / 2;
    node(svg, 'line', { x1: x, x2: x, y1: top, y2: top + h, stroke: 'rgb(255, 204, 64)', 'stroke-width': 2, class: 'turning' });
    const c = node(svg, 'circle', { cx: x, cy: y, r: 7, fill: 'rgb(255, 204, 64)', class: 'turning-point' });
    c.dataset.position = String(t.position);
    c.dataset.ply = String(t.ply);
    node(svg, 'text', { x: x + 8, y: top + 14, fill: 'rgb(255, 204, 64)', 'font-size': 14 },
      `${t.swing > 0 ? '+' : ''}${Math.round(t.swing * 100)}`);
  }
  const step = Number(document.body.dataset.step || 0);
  node(svg, 'line', { x1: xOf(step, width), x2: xOf(step, width), y1: top, y2: top + h, stroke: '#fff', 'stroke-width': 2, class: 'cursor' });
  node(svg, 'text', { x: 6, y: HEIGHT - 6, fill: 'rgb(160, 170, 190)', 'font-size': 14 },
    d.complete ? `public win probability, ${points.length} moves` : `public win probability: ${points.length} moves so far…`);
  g.dataset.points = String(points.length);
  g.dataset.turning = String((d.turning_points || []).length);
  g.dataset.complete = d.complete ? '1' : '0';
}

async function load() {
  try {
    const res = await fetch(`/replay/${encodeURIComponent(match)}/analysis`, { headers: { Accept: 'application/json' } });
    if (!res.ok) {
      panel().dataset.error = String(res.status);
      return;  // no analysis on this feed: no graph
    }
    state.data = await res.json();
    state.total = Number(state.data.total) || 0;
    drawGraph();
    if (!state.data.complete) setTimeout(load, 1000);
  } catch (e) {
    setTimeout(load, 2000);
  }
}

// The cursor follows the step replay.js shows.
new MutationObserver(() => { if (state.data) drawGraph(); }).observe(document.body, { attributes: true, attributeFilter: ['data-step'] });
window.addEventListener('resize', () => { if (state.data) drawGraph(); });
load();

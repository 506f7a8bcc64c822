// /replay/M: any match as it was aired, step by step, through
// GET /replay/M/on-air?step=N (the on-air JSON after the first N public rows).
// Where a step stops is the feed's (GET /replay/M/steps: by move, and by event as
// the finer step; engine/replay_steps.h, the console's and the overlay's steps):
// the page only looks the next stop up. Keys: left/right a move, Shift+left/right
// an event, Space autoplay (move by move), Home/End; the slider seeks any row.
// A battle reached by stepping is animated from the moment it is shown.
import { readOnAir } from '/onair.js';
import { build, tick, battleElapsed } from '/scene.js';
import { paintAnalysis } from '/analysis_paint.js';

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'en' ? 'en' : 'ko';
const askedLayout = params.get('layout');

// What aired at the shown step: the feed folds the director's cues given by the
// replayed row (broadcast::fold_cues_until, as the ImGui overlay's replay), so
// the frame's elements and caption are the aired ones; the page takes the
// frame's placements (layout.theme: landscape, portrait or faces) unless the
// query names a layout.
function airedLayout(scene) {
  if (['portrait', 'landscape', 'faces'].includes(askedLayout)) return askedLayout;
  if (scene && ['portrait', 'landscape', 'faces'].includes(scene.themeLayout)) return scene.themeLayout;
  return scene && scene.orientation === 'portrait' ? 'portrait' : 'landscape';
}
const fromPath = /\/replay\/([^/]+)/.exec(location.pathname);
const match = fromPath ? decodeURIComponent(fromPath[1]) : params.get('match') || '';
const $ = (id) => document.getElementById(id);
const stage = $('stage');

const state = { step: 0, total: 0, moves: [], events: [], playing: false, speed: 1, scene: null, raw: null, handle: null, loading: null, pending: null };
const now = () => Date.now() / 1000;

function fitStage() {
  const v = $('viewport');
  // The stage's canvas (scene.js sizes it to its layout's: portrait's is 1080x1920).
  const [w, h] = (stage.dataset.canvas || '1920x1080').split('x').map(Number);
  const s = Math.min(v.clientWidth / w, v.clientHeight / h);
  stage.style.transform = `translate(${(v.clientWidth - w * s) / 2}px, ${(v.clientHeight - h * s) / 2}px) scale(${s})`;
}

// The match's steps as the feed places them: positions (rows shown) where a
// step by move and a step by event stop; total, its public rows.
async function readSteps() {
  try {
    const res = await fetch(`/replay/${encodeURIComponent(match)}/steps`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return;
    const s = await res.json();
    state.total = Number(s.total) || 0;
    state.moves = Array.isArray(s.moves) ? s.moves.map(Number) : [];
    state.events = Array.isArray(s.events) ? s.events.map(Number) : [];
  } catch (e) {
    /* the slider still seeks; the arrows wait for the steps */
  }
}

// The next stop after the shown row, or the last one before it (0: before the opening).
const after = (stops) => stops.find((s) => s > state.step) ?? state.total;
const before = (stops) => {
  const earlier = stops.filter((s) => s < state.step);
  return earlier.length ? earlier[earlier.length - 1] : 0;
};
// Which move step is shown: how many move stops it has passed.
const moveIndex = () => state.moves.filter((s) => s <= state.step).length;

function draw() {
  const label = `${state.playing ? '▶' : '||'} REPLAY ${moveIndex()}/${state.moves.length} · ${state.step}/${state.total}  ×${state.speed}`;
  state.handle = build(stage, state.scene, { orientation: airedLayout(state.scene), now: now(), replay: label }, state.handle);
  fitStage();  // the layout's canvas may have changed
  // The analysis as it aired at this row (the feed attaches the row's record from
  // the analysis file, broadcast/analysis_records.h), in the elements the director had cued then.
  paintAnalysis(stage, state.raw, state.scene, { orientation: airedLayout(state.scene), lang,
    animating: battleElapsed(state.scene, now()) >= 0 });
  $('position').textContent = `${moveIndex()} / ${state.moves.length} · ${state.step} / ${state.total}`;
  $('seek').max = String(state.total);
  $('seek').value = String(state.step);
  $('play').textContent = state.playing ? '||' : '▶';
  document.body.dataset.step = String(state.step);
  document.body.dataset.move = String(moveIndex());
}

async function load(step) {
  step = Math.max(0, state.total ? Math.min(step, state.total) : step);
  if (state.loading) {
    state.pending = step;  // the latest wish wins; no queue of stale fetches
    return;
  }
  state.loading = step;
  try {
    const res = await fetch(`/replay/${encodeURIComponent(match)}/on-air?step=${step}`, { headers: { Accept: 'application/json' } });
    if (res.ok) {
      const raw = await res.json();
      if (raw.replay && typeof raw.replay === 'object' && raw.replay.total != null) state.total = Number(raw.replay.total) || 0;
      const prev = state.scene;
      const sc = readOnAir(raw, lang);
      if (sc) {
        // Aired long ago: a battle new to this view starts now.
        if (sc.battle && (!prev || !prev.battle || prev.battle.seq !== sc.battle.seq) && step > state.step)
          sc.battle.start = now();
        else if (sc.battle) sc.battle.start = 0;
        if (sc.clock) { sc.clock.running = false; }
        if (sc.toast) sc.toast.until = 0;
        state.scene = sc;
        state.raw = raw;
        state.step = Math.min(step, state.total || step);
        draw();
      }
    }
  } finally {
    state.loading = null;
    if (state.pending != null) {
      const p = state.pending;
      state.pending = null;
      load(p);
    }
  }
}

let timer = null;
function setPlaying(on) {
  state.playing = on && state.step < state.total;
  clearInterval(timer);
  if (state.playing)
    timer = setInterval(() => {
      if (state.step >= state.total) return setPlaying(false);
      load(after(state.moves));
    }, 1000 / state.speed);
  draw();
}

// A match still being played grows: End reads its steps again.
const toEnd = () => readSteps().then(() => load(state.total));
$('first').onclick = () => load(0);
$('last').onclick = toEnd;
$('back').onclick = (e) => load(before(e.shiftKey ? state.events : state.moves));
$('forward').onclick = (e) => load(after(e.shiftKey ? state.events : state.moves));
$('play').onclick = () => setPlaying(!state.playing);
$('seek').oninput = (e) => load(Number(e.target.value));
$('speed').onchange = (e) => {
  state.speed = Number(e.target.value) || 1;
  setPlaying(state.playing);
};
document.addEventListener('keydown', (e) => {
  if (e.target && e.target.tagName === 'SELECT') return;
  const stops = e.shiftKey ? state.events : state.moves;
  const keys = { ArrowLeft: () => load(before(stops)), ArrowRight: () => load(after(stops)), Home: () => load(0),
    End: toEnd, ' ': () => setPlaying(!state.playing) };
  const f = keys[e.key];
  if (f) {
    e.preventDefault();
    f();
  }
});
window.addEventListener('resize', fitStage);
function frame() {
  if (state.handle && !tick(state.handle, now())) draw();
  requestAnimationFrame(frame);
}
fitStage();
readSteps().then(() => load(Number(params.get('step')) || 0));
requestAnimationFrame(frame);

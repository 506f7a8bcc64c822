// /replay/M: any match as it was aired, step by step, through
// GET /replay/M/on-air?step=N (the on-air JSON after the first N public rows).
// Step, seek, autoplay at a speed; keys: left/right step, Space autoplay,
// Home/End. A battle reached by stepping is animated from the moment it is shown.
import { readOnAir } from '/onair.js';
import { build, tick } from '/scene.js';

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'en' ? 'en' : 'ko';
const orientation = params.get('layout') === 'portrait' ? 'portrait' : 'landscape';
const fromPath = /\/replay\/([^/]+)/.exec(location.pathname);
const match = fromPath ? decodeURIComponent(fromPath[1]) : params.get('match') || '';
const $ = (id) => document.getElementById(id);
const stage = $('stage');

const state = { step: 0, total: 0, playing: false, speed: 1, scene: null, handle: null, loading: null, pending: null };
const now = () => Date.now() / 1000;

function fitStage() {
  const v = $('viewport');
  const s = Math.min(v.clientWidth / 1920, v.clientHeight / 1080);
  stage.style.transform = `translate(${(v.clientWidth - 1920 * s) / 2}px, ${(v.clientHeight - 1080 * s) / 2}px) scale(${s})`;
}

// How many steps the match has: its public rows, from the feed's match list
// (a replay document describes one moment and does not say).
async function readTotal() {
  try {
    const res = await fetch('/matches.json', { headers: { Accept: 'application/json' } });
    const list = await res.json();
    const m = (Array.isArray(list) ? list : list.matches || []).find((x) => String(x.id ?? x.match) === String(match));
    return m ? Number(m.events ?? m.steps) || 0 : 0;
  } catch (e) {
    return 0;
  }
}

function draw() {
  const label = `${state.playing ? '▶' : '||'} REPLAY ${state.step}/${state.total}  ×${state.speed}`;
  state.handle = build(stage, state.scene, { orientation, now: now(), replay: label }, state.handle);
  $('position').textContent = `${state.step} / ${state.total}`;
  $('seek').max = String(state.total);
  $('seek').value = String(state.step);
  $('play').textContent = state.playing ? '||' : '▶';
  document.body.dataset.step = String(state.step);
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
      load(state.step + 1);
    }, 1000 / state.speed);
  draw();
}

$('first').onclick = () => load(0);
$('last').onclick = () => load(state.total);
$('back').onclick = () => load(state.step - 1);
$('forward').onclick = () => load(state.step + 1);
$('play').onclick = () => setPlaying(!state.playing);
$('seek').oninput = (e) => load(Number(e.target.value));
$('speed').onchange = (e) => {
  state.speed = Number(e.target.value) || 1;
  setPlaying(state.playing);
};
document.addEventListener('keydown', (e) => {
  if (e.target && e.target.tagName === 'SELECT') return;
  const keys = { ArrowLeft: () => load(state.step - 1), ArrowRight: () => load(state.step + 1), Home: () => load(0),
    End: () => load(state.total), ' ': () => setPlaying(!state.playing) };
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
readTotal().then((t) => {
  state.total = t;
  load(Number(params.get('step')) || 0);
});
requestAnimationFrame(frame);

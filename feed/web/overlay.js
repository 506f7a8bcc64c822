// The browser overlay's entry: reads ?lang=ko|en&layout=landscape|portrait&match=M&elements=a,b,
// follows /on-air/stream?v=2 (EventSource reconnects by itself and sends
// Last-Event-ID, so the feed resumes without a gap) and draws each message:
// a full frame, or a JSON Patch on top of the frame before (feed_stream.js;
// nchan's channel carries the same). A patch whose base this page does not hold
// (a message missed) is not applied: the page opens the stream afresh, which
// starts with a full frame (on nchan: from its recent messages, which hold one);
// before its first full frame it only waits (nchan's window opens with patches).
// It is also a CasparCG HTML template: play(), stop(), next(), remove() and update(data)
// are globals; a page driven by update() does not connect. update() takes a frame,
// or the versioned stream's bodies (a full frame's envelope, then patches).
// play() brings each element the
// frame has on in with its own in animation, stop() takes each out with its out animation
// (overlay.css: the elements of the stage, never the stage itself, so an element page
// animates its own); remove() empties the stage at once.
// A stream that goes silent (no message and no ping for three heartbeat
// periods: 6 s at the feed's default 2 s) puts the page in "feed lost": the
// clock and the picture freeze where they are (never counting on a dead
// stream, never jumping back) and the director's `feed-lost` element comes on,
// until the next word: the frame never has it on (the feed is gone when it
// happens), so this page turns it on from its own watchdog, at the theme's
// `feed_lost` placement with the element's fade, unless the director cued it
// out (its `cued` in the last frame) or this page was not asked for it.
// Standby (the desk gone quiet) shows only once the feed has said so for 1.5 s
// and goes only once it has said otherwise for 1 s, so a late heartbeat on a
// loaded machine does not flash it; a clock the feed stops stands where the page
// showed it, never a step back. A template host's update() is shown as given.
import { readOnAir } from './onair.js';
import { battleElapsed, build, clockSeconds, elementShown, tick } from './scene.js';
import { theme } from './theme.js';
import { canvasOf, elements as placements, fitTransform } from './layout.js';
import { paintAnalysis } from './analysis_paint.js';
import { FrameStream } from './feed_stream.js';

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'en' ? 'en' : 'ko';
// The query wins; else the feed's layout hint; else landscape.
const asked = params.get('layout');
const match = params.get('match');
// ?elements=scorebug,caption: this page shows only these of the director's
// elements (one OBS source or CasparCG layer per element); absent: all.
// An element's name may be written with '_' for '-' (feed_lost, win_bar), as the theme's placements are.
const only = params.get('elements')
  ? new Set(params.get('elements').split(',').map((s) => s.trim().replace(/_/g, '-')).filter(Boolean)) : null;
// A template host (CasparCG loads the file, or asks with ?template=1) shows
// nothing until play(); a browser source (OBS) is on air at once.
const templateMode = location.protocol === 'file:' || params.get('template') === '1';
const stage = document.getElementById('stage');
document.documentElement.lang = lang;

// The page's clock, in seconds since the epoch, corrected by the feed's
// server_time so a graphics machine with a skewed clock still counts the turn
// clock and the battle from the desk's time.
let skew = 0;
let pinned = null;  // test hook: a fixed time for deterministic frames
let frozenAt = null;  // the page's time when the feed was lost: it stands there
const now = () => (pinned != null ? pinned - skew : frozenAt ?? Date.now() / 1000 - skew);

let scene = null;
let shownRaw = null;  // the frame behind `scene`, for analysis_paint.js
let handle = null;
let source = null;
let visible = !templateMode;
const status = { messages: 0, lastEventId: null, connected: false, errors: 0, pings: 0, feedLost: false, standbyShown: false,
  reconnects: 0 };
// The frames as the stream (or the template host) gives them: full, or patched.
const frames = new FrameStream();
let lastFresh = -Infinity;  // performance.now() of the last fresh connection asked for a full frame

// [SECTION] Feed lost: silence for `LOST_BEATS` heartbeat periods.
const LOST_BEATS = 3;
let heartbeatMs = 2000;  // the feed's, from its pings (every_ms)
let lastHeard = performance.now();
let lostTag = null;

function setLost(lost) {
  if (lost === status.feedLost) return;
  status.feedLost = lost;
  // Frozen at the moment the loss is seen (what is on screen now), so the
  // clock neither counts on nor steps back; a fresh message thaws it.
  frozenAt = lost ? now() : null;
  stage.classList.toggle('feed-lost', lost);
  draw();
}

// The feed-lost element: made on the first loss (off, then on, so it runs its
// in animation), then kept and turned off and on as the feed goes and comes.
function drawLost(layout) {
  const want = status.feedLost && (scene ? elementShown(scene, 'feed-lost', only) : !only || only.has('feed-lost'));
  const place = theme && placements(theme, layout).feed_lost;
  if (!place || (!lostTag && !want)) return;
  if (!lostTag) {
    lostTag = document.createElement('div');
    lostTag.className = 'feed-lost-tag element-off';
    lostTag.dataset.element = 'feed-lost';
    lostTag.textContent = lang === 'en' ? 'FEED LOST' : '신호 끊김';
  }
  Object.assign(lostTag.style, { left: `${place.x}px`, top: `${place.y}px`, width: `${place.w}px`, height: `${place.h}px` });
  if (lostTag.parentNode !== stage) {
    stage.appendChild(lostTag);
    getComputedStyle(lostTag).opacity;  // styled off first, so turning it on animates
  }
  lostTag.classList.toggle('element-off', !want);
}

function heard() {
  lastHeard = performance.now();
  if (status.feedLost) setLost(false);
}

function watchFeed() {
  if (source && !status.feedLost && performance.now() - lastHeard > LOST_BEATS * heartbeatMs) setLost(true);
}

function applyVisibility() {
  stage.classList.toggle('off-air', !visible);
}

function draw() {
  // The query's layout, else the frame's placements (broadcast decides them from the director's layout).
  const orientation = ['portrait', 'landscape', 'faces'].includes(asked) ? asked
    : scene && ['portrait', 'landscape', 'faces'].includes(scene.themeLayout) ? scene.themeLayout
      : scene && scene.orientation === 'portrait' ? 'portrait' : 'landscape';
  handle = build(stage, scene, { orientation, now: now(), only }, handle);
  // The deduction and win-bar elements, as on air at the page's own moment of the battle.
  paintAnalysisFading(stage, () => paintAnalysis(stage, shownRaw, scene, { orientation, only, lang, animating: battleElapsed(scene, now()) >= 0 }));
  drawLost(orientation);
  fitStage(orientation);
}

// The stage is its layout's canvas; the page's viewport shows it whole, centred
// (a 1080x1920 browser source shows portrait full; a 1920x1080 one, pillarboxed).
function fitStage(orientation) {
  if (!theme) return;
  const t = fitTransform(canvasOf(theme, orientation), window.innerWidth, window.innerHeight);
  if (stage.style.transform !== t) Object.assign(stage.style, { transform: t, transformOrigin: '0 0' });
}

// The analysis layer fades in and out as every element does (0.3 s), also when
// its content changes: analysis_paint.js repaints a layer whose record changed
// at once, so a part on air before and gone after fades out here with its last
// picture (a ghost layer, removed after the fade), and a part newly on fades
// in. A page's first picture is painted at once, as the scene's parts are.
const ANALYSIS_PARTS = ['analysis-deduction', 'win-bar'];
function paintAnalysisFading(stage, paint) {
  const old = stage.querySelector(':scope > .analysis-layer');
  const before = old ? { key: old.dataset.key, parts: [...old.children] } : null;
  const onAir = (parts) => new Set(parts.filter((p) => !p.classList.contains('element-off'))
    .map((p) => ANALYSIS_PARTS.find((c) => p.classList.contains(c))).filter(Boolean));
  const wasOn = before ? onAir(before.parts) : new Set();
  const layer = paint();
  if (!before || !layer || layer.dataset.key === before.key) return;
  const nowOn = onAir([...layer.children]);
  // Gone: the old part fades out over the new layer's place.
  const gone = before.parts.filter((p) => !p.classList.contains('element-off') &&
    ANALYSIS_PARTS.some((c) => p.classList.contains(c) && !nowOn.has(c)));
  if (gone.length) {
    const ghost = document.createElement('div');
    ghost.className = 'analysis-ghost';
    Object.assign(ghost.style, { position: 'absolute', left: '0', top: '0', width: layer.style.width, height: layer.style.height, pointerEvents: 'none' });
    ghost.append(...gone);
    stage.appendChild(ghost);
    getComputedStyle(ghost.firstChild).opacity;  // on first, so going off animates
    for (const p of gone) p.classList.add('element-off');
    setTimeout(() => ghost.remove(), 400);
  }
  // New on air: styled off first, then on, so it fades in.
  const fresh = [...layer.children].filter((p) => !p.classList.contains('element-off') &&
    ANALYSIS_PARTS.some((c) => p.classList.contains(c) && !wasOn.has(c)));
  if (fresh.length) {
    for (const p of fresh) p.classList.add('element-off');
    getComputedStyle(fresh[0]).opacity;
    for (const p of fresh) p.classList.remove('element-off');
  }
}

// [SECTION] Standby with hysteresis; a stopping clock never steps back.
const STANDBY_ENTER_MS = 1500;
const STANDBY_LEAVE_MS = 1000;
let shownStandby = false;
let standbyTimer = null;
let latest = null;  // the latest scene read, before the hysteresis

const sameTurn = (a, b) => a.match === b.match && a.ply === b.ply && a.toMove === b.toMove;

// The scene to draw for `sc` (the latest read).
function present(sc) {
  // A clock the feed stops (standby, pause, hold) during the turn the page is
  // counting stays at what the page showed: the feed freezes it at the desk's
  // last word, which can be a moment behind the page's count.
  if (scene && scene.clock && sc.clock && scene.clock.visible && scene.clock.running && !sc.clock.running &&
      sameTurn(scene, sc)) {
    const shown = clockSeconds(scene.clock, now());
    if (sc.clock.countsDown ? sc.clock.seconds > shown : sc.clock.seconds < shown) sc.clock = { ...sc.clock, seconds: shown };
  }
  const want = !!sc.standby;
  if (want === shownStandby) {
    if (standbyTimer) clearTimeout(standbyTimer);
    standbyTimer = null;
    return sc;
  }
  if (!standbyTimer) {
    standbyTimer = setTimeout(() => {
      standbyTimer = null;
      if (!latest || !!latest.standby === shownStandby) return;
      shownStandby = !!latest.standby;
      status.standbyShown = shownStandby;
      scene = present(latest);
      draw();
    }, want ? STANDBY_ENTER_MS : STANDBY_LEAVE_MS);
  }
  // Not yet: keep the standby on screen as it is; while leaving it the clock
  // stays frozen where it stands until standby goes.
  // The frame names its banner; the standby card keeps to the page's hysteresis
  // (entering: not yet the card; leaving: the card still, until it goes).
  const out = { ...sc, standby: shownStandby };
  for (const [key, owner] of [['banner', 'bannerElement'], ['bannerAfterBattle', 'bannerAfterBattleElement']]) {
    if (!shownStandby && out[key] === 'standby') {
      const kept = scene && scene[key] !== 'standby';
      out[key] = kept ? scene[key] : null;
      out[owner] = kept ? scene[owner] : null;
    }
    if (shownStandby) [out[key], out[owner]] = ['standby', 'standby'];
  }
  if (shownStandby && scene && scene.clock && sc.clock) out.clock = { ...scene.clock };
  return out;
}

// `hosted`: a template host's update(): it decides what is on air, shown as given.
function show(raw, hosted = false) {
  let sc = null;
  try {
    sc = readOnAir(raw, lang);
  } catch (e) {
    sc = null;  // keep what is on screen; status.errors counts it
  }
  if (!sc) {
    status.errors += 1;
    return false;
  }
  if (sc.serverTime != null && pinned == null && frozenAt == null) skew = Date.now() / 1000 - sc.serverTime;
  latest = sc;
  shownRaw = raw;
  if (hosted) {
    if (standbyTimer) clearTimeout(standbyTimer);
    standbyTimer = null;
    shownStandby = !!sc.standby;
    status.standbyShown = shownStandby;
    scene = sc;
  } else {
    scene = present(sc);
  }
  status.messages += 1;
  draw();
  return true;
}

function frame() {
  if (handle && !tick(handle, now())) draw();
  requestAnimationFrame(frame);
}

function connect() {
  const url = match ? `on-air/stream?v=2&match=${encodeURIComponent(match)}` : 'on-air/stream?v=2';
  source = new EventSource(url);
  const onMessage = (ev) => {
    status.lastEventId = ev.lastEventId;
    heard();
    let body;
    try {
      body = JSON.parse(ev.data);
    } catch (e) {
      status.errors += 1;  // a malformed message: keep what is on screen
      return;
    }
    const raw = frames.accept(body);
    if (raw) {
      show(raw);
      return;
    }
    if (FrameStream.kind(body) !== 'patch') {
      status.errors += 1;
      return;
    }
    // A patch on a frame this page does not hold, after it had one (a gap): a
    // fresh connection starts with a full frame. Before any full frame (nchan
    // starts a viewer some messages back, patches first) the full frame is on
    // its way: wait. At most one fresh connection every 5 s: on nchan the fresh
    // start replays recent patches before its full frame, and those are skipped.
    if (frames.fulls > 0 && performance.now() - lastFresh > 5000) {
      lastFresh = performance.now();
      status.reconnects += 1;
      source.close();
      connect();
    }
  };
  source.addEventListener('message', onMessage);
  source.addEventListener('on-air', onMessage);
  source.addEventListener('frame', onMessage);
  source.addEventListener('patch', onMessage);
  // The feed's idle heartbeat: a sign of life and its period.
  source.addEventListener('ping', (ev) => {
    status.pings += 1;
    try {
      const every = Number(JSON.parse(ev.data).every_ms);
      if (every >= 100 && every <= 60000) heartbeatMs = every;
    } catch (e) {
      // a ping without data (nchan's default) still counts as life
    }
    heard();
  });
  source.addEventListener('open', () => { status.connected = true; });
  source.addEventListener('error', () => { status.connected = false; });
}

// [SECTION] CasparCG template interface.
window.update = (data) => {
  if (source) {
    source.close();  // the template host drives the page from now on
    source = null;
    setLost(false);
  }
  const body = typeof data === 'string' ? parseTemplateData(data) : data;
  // A frame as it is, or the versioned stream's envelope or patch (applied to
  // the frame the host gave before; a patch on another frame is refused).
  const raw = body == null ? null : frames.accept(body);
  if (raw == null) {
    status.errors += 1;
    return false;
  }
  return show(raw, true);
};

// CasparCG hands templates a string: JSON, or the Flash-era XML
// <templateData><componentData id="on-air"><data id="text" value="{...}"/>...;
// the on-air JSON is then the value of the first data element.
function parseTemplateData(text) {
  try {
    const t = text.trim();
    if (!t.startsWith('<')) return JSON.parse(t);
    const xml = new DOMParser().parseFromString(t, 'text/xml');
    const data = xml.querySelector('componentData[id="on-air"] data') || xml.querySelector('componentData data');
    return data ? JSON.parse(data.getAttribute('value')) : null;
  } catch (e) {
    return null;
  }
}
// The stage's off-air class: each element on it animates in or out (overlay.css).
window.play = () => {
  visible = true;
  applyVisibility();
};
window.stop = () => {
  visible = false;
  applyVisibility();
};
// remove(): CasparCG unloads the template; nothing is left running.
window.remove = () => {
  visible = false;
  applyVisibility();
  if (source) {
    source.close();
    source = null;
  }
  stage.replaceChildren();
  handle = null;
  scene = null;
};
// next(): skips the running battle animation to its end, the way the desk's
// own overlay lets the director cut it short.
window.next = () => {
  if (scene && scene.battle) {
    scene.battle = { ...scene.battle, held: false, start: now() - scene.battle.duration - 1 };
    draw();
  }
};

// Test hook (tests/browser only): pin the page's clock, read its state.
window.facedownOverlay = {
  pinClock(seconds) {
    pinned = seconds;
    skew = 0;
    if (scene) draw();
  },
  unpinClock() {
    pinned = null;
  },
  status: () => ({
    ...status,
    visible,
    seq: scene ? scene.seq : null,
    battleStart: scene && scene.battle ? scene.battle.start : null,
    battleDuration: scene && scene.battle ? scene.battle.duration : null,
    clockAsOf: scene && scene.clock ? scene.clock.asOf : null,
    streaming: source != null,
    frames: { id: frames.id, patches: frames.patches, fulls: frames.fulls, dropped: frames.dropped },
    heartbeatMs,
    shownNow: now(),
    clockShown: scene && scene.clock && scene.clock.visible ? clockSeconds(scene.clock, now()) : null,
  }),
};

applyVisibility();
draw();
window.addEventListener('resize', draw);  // the stage fits the new viewport
if (!templateMode && params.get('feed') !== 'off') {
  connect();
  setInterval(watchFeed, 250);
}
requestAnimationFrame(frame);

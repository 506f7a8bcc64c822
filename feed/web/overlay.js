// The browser overlay's entry: reads ?lang=ko|en&layout=landscape|portrait&match=M,
// follows /on-air/stream (EventSource reconnects by itself and sends
// Last-Event-ID, so the feed resumes without a gap) and draws each message.
// It is also a CasparCG HTML template: play(), stop(), next() and update(data)
// are globals; a page driven by update() does not connect.
import { readOnAir } from './onair.js';
import { build, tick } from './scene.js';

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'en' ? 'en' : 'ko';
// The query wins; else the feed's layout hint; else landscape.
const asked = params.get('layout');
const match = params.get('match');
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
const now = () => (pinned ?? Date.now() / 1000) - skew;

let scene = null;
let handle = null;
let source = null;
let visible = !templateMode;
const status = { messages: 0, lastEventId: null, connected: false, errors: 0 };

function applyVisibility() {
  stage.classList.toggle('off-air', !visible);
}

function draw() {
  const orientation = asked === 'portrait' || asked === 'landscape' ? asked : scene && scene.orientation === 'portrait' ? 'portrait' : 'landscape';
  handle = build(stage, scene, { orientation, now: now() }, handle);
}

function show(raw) {
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
  if (sc.serverTime != null && pinned == null) skew = Date.now() / 1000 - sc.serverTime;
  scene = sc;
  status.messages += 1;
  draw();
  return true;
}

function frame() {
  if (handle && !tick(handle, now())) draw();
  requestAnimationFrame(frame);
}

function connect() {
  const url = match ? `on-air/stream?match=${encodeURIComponent(match)}` : 'on-air/stream';
  source = new EventSource(url);
  const onMessage = (ev) => {
    status.lastEventId = ev.lastEventId;
    try {
      show(JSON.parse(ev.data));
    } catch (e) {
      status.errors += 1;  // a malformed message: keep what is on screen
    }
  };
  source.addEventListener('message', onMessage);
  source.addEventListener('on-air', onMessage);
  source.addEventListener('open', () => { status.connected = true; });
  source.addEventListener('error', () => { status.connected = false; });
}

// [SECTION] CasparCG template interface.
window.update = (data) => {
  if (source) {
    source.close();  // the template host drives the page from now on
    source = null;
  }
  const raw = typeof data === 'string' ? parseTemplateData(data) : data;
  if (raw == null) {
    status.errors += 1;
    return false;
  }
  return show(raw);
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
window.play = () => {
  visible = true;
  applyVisibility();
};
window.stop = () => {
  visible = false;
  applyVisibility();
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
  }),
};

applyVisibility();
draw();
if (!templateMode && params.get('feed') !== 'off') connect();
requestAnimationFrame(frame);

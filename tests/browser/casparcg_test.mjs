// Browser test of the page as a CasparCG template (feed/web/overlay.js: play(),
// stop(), remove()) in Debian's headless chromium: play() and stop() animate
// each element in and out with its own animation, never the whole stage.
//   - after update() and before play() nothing shows (every element at opacity 0);
//   - play(): each element the frame has on runs its own opacity transition from
//     0 to 1 (read through the Web Animations API and sampled at its middle:
//     strictly between), while the stage itself stays at opacity 1 with no
//     animation of its own (a page that fades the whole stage fails here);
//   - stop(): each of them runs its out transition from 1 to 0 (the middle
//     strictly between, the stage at 1); once done, the screenshot is fully
//     transparent;
//   - an element page (?elements=scorebug) animates its own element only;
//   - remove() empties the stage at once.
// Exit: 0 passed, 1 a check failed, 77 skipped (no chromium).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWeb } from './web_files.mjs';
import { maxAlpha } from './images.mjs';
import { arg, checks, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const chromium = await loadChromium();

const { server, base } = await serveWeb(webDir);

const tally = checks();
const { check } = tally;

const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/sample-battle.json'), 'utf8'));
const NAMES = ['board', 'board-compact', 'scorebug', 'players', 'explainer', 'caption', 'result', 'reveal', 'standby', 'slate'];
const ON = ['board', 'scorebug', 'players', 'caption'];
// A still frame (no battle) with a caption and these elements on.
const frame = {
  ...fixture, battle: null, banner: null, banner_after_battle: null, result: null, caption: 'Final round',
  now: Date.now() / 1000,
  elements: Object.fromEntries(NAMES.map((n) => [n, { on: ON.includes(n), cued: ON.includes(n), held: false }])),
};

// Calls `call` (play or stop) and, in the same task, reads each part's opacity
// transition: its duration, and the part's opacity at its start, its middle and
// its end (each animation paused and sought there), and the stage's opacity and
// animations at the middle. The animations then run to their end.
async function animate(page, call) {
  return page.evaluate((call) => {
    window[call]();
    const stage = document.getElementById('stage');
    const opacity = (n) => Number(getComputedStyle(n).opacity);
    const parts = [...stage.querySelectorAll(':scope > .part')].filter((p) => p.childElementCount > 0);
    const out = { parts: {}, stageMid: null, stageAnimations: 0 };
    const runs = parts.map((p) => {
      const a = p.getAnimations().find((x) => x.transitionProperty === 'opacity');
      return { p, a };
    });
    const at = (t) => runs.forEach(({ a }) => { if (a) { a.pause(); a.currentTime = t(a); } });
    at(() => 0);
    const start = runs.map(({ p }) => opacity(p));
    at((a) => a.effect.getTiming().duration / 2);
    const mid = runs.map(({ p }) => opacity(p));
    out.stageMid = opacity(stage);
    out.stageAnimations = stage.getAnimations().length;
    runs.forEach(({ p, a }, i) => {
      const name = p.className.match(/part-(\w+)/)[1];
      out.parts[name] = { element: p.dataset.element, animated: !!a, duration: a ? a.effect.getTiming().duration : 0,
        start: start[i], mid: mid[i] };
    });
    runs.forEach(({ a }) => a && a.finish());
    runs.forEach(({ p }, i) => { out.parts[p.className.match(/part-(\w+)/)[1]].end = opacity(p); });
    return out;
  }, call);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'facedown-casparcg-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const open = async (query) => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${base}/overlay.html?template=1&lang=en${query}`);
    await page.waitForFunction(() => typeof window.update === 'function');
    await page.evaluate((d) => window.update(d), frame);
    return page;
  };
  const transparent = async (page, name) => {
    await page.waitForTimeout(450);  // past the 0.3 s out animations
    const file = path.join(tmp, `${name}.png`);
    await page.screenshot({ path: file, omitBackground: true });
    return maxAlpha(file, { x: 0, y: 0, w: 1920, h: 1080 });
  };
  // What the element parts of a page show (the parts with content that are not cued out).
  const onParts = (page) => page.evaluate(() => [...document.querySelectorAll('#stage > .part')]
    .filter((p) => p.childElementCount > 0 && !p.classList.contains('element-off')).map((p) => p.className.match(/part-(\w+)/)[1]));

  // [SECTION] The full page: every element the frame has on animates in, then out.
  const page = await open('');
  const before = await page.evaluate(() => [...document.querySelectorAll('#stage > .part')]
    .filter((p) => p.childElementCount > 0).map((p) => Number(getComputedStyle(p).opacity)));
  check(before.length > 0 && before.every((o) => o === 0), `before play(): every element at opacity 0 (${before.join(', ')})`);
  const shown = await onParts(page);
  check(['top', 'panel1', 'panel2', 'board', 'caption'].every((p) => shown.includes(p)), `on: ${shown.join(', ')}`);
  for (const [call, from, to] of [['play', 0, 1], ['stop', 1, 0]]) {
    const r = await animate(page, call);
    for (const name of shown) {
      const p = r.parts[name];
      check(p && p.animated && p.duration > 0, `${call}(): ${name} (${p && p.element}) runs its own animation (${p && p.duration} ms)`);
      if (!p || !p.animated) continue;
      check(p.start === from && p.mid > 0 && p.mid < 1 && p.end === to,
        `${call}(): ${name} goes ${from} → ${p.mid.toFixed(3)} at the middle → ${to} (from ${p.start}, ends ${p.end})`);
    }
    check(r.stageMid === 1 && r.stageAnimations === 0,
      `${call}(): the stage stays at opacity 1 with no animation of its own (${r.stageMid}, ${r.stageAnimations} animations)`);
  }
  const alpha = await transparent(page, 'stopped');
  check(alpha === 0, `after stop(): the page is fully transparent (max alpha ${alpha})`);

  // [SECTION] An element page animates its own element only.
  const one = await open('&elements=scorebug');
  const r = await animate(one, 'play');
  const moving = Object.entries(r.parts).filter(([, p]) => p.animated && p.end > 0).map(([n]) => n);
  check(moving.length === 1 && moving[0] === 'top' && r.parts.top.mid > 0 && r.parts.top.mid < 1,
    `?elements=scorebug, play(): only the scorebug animates in (${moving.join(', ')})`);
  const still = Object.entries(r.parts).filter(([n]) => n !== 'top' && n !== 'banner').map(([n, p]) => `${n} ${p.end}`);
  check(Object.entries(r.parts).every(([n, p]) => n === 'top' || n === 'banner' || p.end === 0), `the others stay out (${still.join(', ')})`);
  check(r.stageMid === 1 && r.stageAnimations === 0, 'the element page\'s stage stays at opacity 1');
  const s = await animate(one, 'stop');
  check(s.parts.top && s.parts.top.animated && s.parts.top.mid > 0 && s.parts.top.mid < 1 && s.parts.top.end === 0,
    `?elements=scorebug, stop(): the scorebug animates out (middle ${s.parts.top && s.parts.top.mid})`);
  const oneAlpha = await transparent(one, 'stopped-scorebug');
  check(oneAlpha === 0, `after stop(): the element page is fully transparent (max alpha ${oneAlpha})`);
  await one.close();

  // [SECTION] remove(): empty at once, no animation.
  await page.evaluate(() => window.play());
  const left = await page.evaluate(() => { window.remove(); return document.getElementById('stage').childElementCount; });
  check(left === 0, `remove() empties the stage at once (${left} nodes left)`);
  await page.close();
} catch (e) {
  console.log(`FAIL ${e && e.stack ? e.stack : e}`);
  tally.failed = true;
} finally {
  await browser.close();
  server.close();
}
process.exit(tally.failed ? 1 : 0);

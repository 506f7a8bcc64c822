// Browser test of the replay page (feed/web/replay.html) against the real
// facedown-feed, in Debian's headless chromium through playwright-core: the
// arrows step by move and Shift+arrows by event, at the stops the feed serves
// (/replay/M/steps, engine/replay_steps.h), never one stored row at a time.
// The match is assets/matches/demo-genius.txt (ten moves and a voided one, with
// battles, items, a revival, a pause and a correction: 44 public rows).
// Exit: 0 all passed, 1 a check failed, 77 skipped (no chromium or no feed).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRealFeed } from './feed_driver.mjs';
import { arg, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const feedBin = arg('feed');
const facedownBin = arg('facedown');
const outDir = path.resolve(arg('out', '/tmp/facedown-browser-out'));
const script = arg('script', path.join(here, '../../assets/matches/demo-genius.txt'));

if (!feedBin || !facedownBin || !fs.existsSync(feedBin) || !fs.existsSync(facedownBin)) {
  console.log('SKIP: the replay test needs facedown-feed and facedown (--feed, --facedown)');
  process.exit(77);
}
const chromium = await loadChromium();
fs.mkdirSync(outDir, { recursive: true });

const results = [];
async function check(name, fn) {
  const t0 = Date.now();
  try {
    const note = await fn();
    results.push([name, true]);
    console.log(`PASS ${name}${note ? `: ${note}` : ''} (${Date.now() - t0} ms)`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
  }
}
const assert = (cond, msg) => {
  if (!cond) throw new Error(msg);
};

const real = await startRealFeed({ feedBin, facedownBin, script: fs.readFileSync(script, 'utf8') });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const errors = [];
try {
  const list = await (await fetch(`${real.base}/matches.json`)).json();
  const id = (Array.isArray(list) ? list : list.matches)[0].id;
  const steps = await (await fetch(`${real.base}/replay/${id}/steps`)).json();
  const doc = async (n) => (await fetch(`${real.base}/replay/${id}/on-air?step=${n}`)).json();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${real.base}/replay/${id}`);
  await page.waitForFunction(() => document.body.dataset.step === '0');
  const shown = async () => Number(await page.evaluate(() => document.body.dataset.step));
  // Waits for the page to leave `from` (each key press loads one document).
  const press = async (key, from) => {
    await page.keyboard.press(key);
    await page.waitForFunction((f) => document.body.dataset.step !== String(f), from, { timeout: 5000 });
    return shown();
  };

  await check('the arrows step by move: one ply per step, far fewer steps than rows', async () => {
    let at = 0, presses = 0, lastPly = 0;
    const visited = [];
    while (at < steps.total && presses < 200) {
      at = await press('ArrowRight', at);
      ++presses;
      visited.push(at);
      const d = await doc(at);
      if (lastPly > 0 && !d.result) {
        // A void takes a ply back; otherwise never two plies at once.
        assert(d.ply <= lastPly + 1, `step to row ${at} made ${d.ply - lastPly} plies`);
      }
      lastPly = d.ply;
    }
    assert(at === steps.total, `stopped at ${at} of ${steps.total}`);
    assert(JSON.stringify(visited) === JSON.stringify(steps.moves.filter((s) => s > 0)),
      `visited ${visited} but the feed's move stops are ${steps.moves}`);
    // Ten moves and a voided one: a step per move, not one per stored row.
    assert(presses <= 20, `${presses} steps for ${lastPly} plies (${steps.total} rows)`);
    assert(presses < steps.total / 2, `${presses} steps over ${steps.total} rows`);
    const label = await page.locator('#position').textContent();
    assert(label.startsWith(`${steps.moves.length} / ${steps.moves.length}`), `label ${label}`);
    return `${presses} steps over ${steps.total} rows; label "${label}"`;
  });

  await check('the left arrow goes back a move, Shift+arrows an event', async () => {
    const m = steps.moves;
    let at = await press('ArrowLeft', steps.total);
    assert(at === m[m.length - 2], `back from the end to ${at}, not ${m[m.length - 2]}`);
    const e = steps.events;
    const next = e.find((s) => s > at);
    at = await press('Shift+ArrowRight', at);
    assert(at === next, `Shift+Right to ${at}, not the next event stop ${next}`);
    const prev = e.filter((s) => s < at).pop();
    at = await press('Shift+ArrowLeft', at);
    assert(at === prev, `Shift+Left to ${at}, not ${prev}`);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.body.dataset.step === '0');
    at = await press('ArrowRight', 0);
    assert(at === 1, `the first step shows the opening (row 1), not ${at}`);
    const file = path.join(outDir, 'replay-by-move.png');
    await page.screenshot({ path: file });
    return path.basename(file);
  });

  await check('no script errors', async () => {
    assert(errors.length === 0, errors.join('; '));
  });
} finally {
  await browser.close();
  await real.close();
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

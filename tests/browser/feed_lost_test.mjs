// Browser test of the overlay's "feed lost" state (feed/web/overlay.js) in
// Debian's headless chromium through playwright-core. A tiny feed of its own
// serves feed/web and an /on-air/stream whose pings the test can stop while
// the connection stays open (the dead stream a proxy or a hung feed leaves):
//   - with pings every 300 ms the page stays live and its clock counts;
//   - once they stop, within 3 heartbeats (+ the 250 ms check) the page turns
//     the director's `feed-lost` element on (FEED LOST at the theme's feed_lost
//     placement, faded in to opacity 1), the clock stands still and never steps back;
//     an element page (?elements=feed_lost) shows that element alone;
//   - the next message thaws it: the element off, the clock counts again.
// Exit: 0 passed, 1 a check failed, 77 skipped (no chromium).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWeb } from './web_files.mjs';
import { arg, checks, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const chromium = await loadChromium();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PING_MS = 300;
const theme = JSON.parse(fs.readFileSync(path.join(webDir, 'theme.json'), 'utf8'));
const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/sample-battle.json'), 'utf8'));
// A running turn clock, no battle on screen, the feed's time = now.
const live = { ...fixture, battle: null, banner: null, result: null, now: Date.now() / 1000 };

const streams = new Set();
let pinging = true;
let seq = 1;
const { server, base } = await serveWeb(webDir, (req, res, url) => {
  if (url.pathname === '/on-air/stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`id: 1.${seq}.0\ndata: ${JSON.stringify({ ...live, now: Date.now() / 1000 })}\n\n`);
    streams.add(res);
    const beat = setInterval(() => {
      if (pinging) res.write(`: hb\nevent: ping\ndata: {"every_ms":${PING_MS}}\n\n`);
    }, PING_MS);
    req.on('close', () => { clearInterval(beat); streams.delete(res); });
    return true;
  }
  return false;
});

const tally = checks();
const { check } = tally;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`${base}/overlay.html?lang=en`);
  await page.waitForFunction(() => window.facedownOverlay && window.facedownOverlay.status().messages >= 1, null, { timeout: 10000 });
  await page.waitForFunction(() => window.facedownOverlay.status().pings >= 2, null, { timeout: 10000 });
  const clockText = () => page.evaluate(() => (document.querySelector('.clock') || {}).textContent || null);
  const st = () => page.evaluate(() => window.facedownOverlay.status());
  let s = await st();
  check(!s.feedLost && s.heartbeatMs === PING_MS, `live: pings heard, period ${s.heartbeatMs} ms`);
  const t0 = s.shownNow;
  await sleep(1200);
  s = await st();
  check(s.shownNow > t0 + 1 && !s.feedLost, `live: the page's time counts (${(s.shownNow - t0).toFixed(2)} s in 1.2 s)`);
  check((await clockText()) !== null, `the clock is on screen (${await clockText()})`);
  const lostOn = (p) => p.$('.feed-lost-tag:not(.element-off)');
  check((await lostOn(page)) === null, 'no FEED LOST while the feed lives');
  // An element page of the feed-lost element alone, on the same feed.
  const alone = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await alone.goto(`${base}/overlay.html?lang=en&elements=feed_lost`);
  await alone.waitForFunction(() => window.facedownOverlay && window.facedownOverlay.status().messages >= 1, null, { timeout: 10000 });

  // [SECTION] Standby: a flash shorter than the hysteresis never shows; a clock
  // the feed freezes behind the page's count never steps back.
  const push = (obj) => {
    seq += 1;
    for (const r of streams) r.write(`id: 1.${seq}.0\ndata: ${JSON.stringify(obj)}\n\n`);
  };
  const pageClock = async () => (await st()).clockShown;
  const banner = () => page.$('.part-banner:not(.element-off) .banner.standby');
  const before = await pageClock();
  // The feed freezes the clock 1.5 s behind what the page counted (the desk's last word).
  const frozenAt = (lag) => ({ ...live, now: Date.now() / 1000, standby: true, banner: 'standby', banner_element: 'standby',
    clock: { ...live.clock, running: false, seconds: before + lag } });
  push(frozenAt(1.5));
  const standbyFrom = Date.now();
  let sawBanner = false;
  let maxClock = -Infinity;
  // Sampled until 0.5 s of wall time have passed, however slow each sample is under load
  // (a count of samples let a busy machine stretch the standby past the hysteresis).
  while (Date.now() - standbyFrom < 500) {
    await sleep(50);
    sawBanner = sawBanner || (await banner()) !== null;
    maxClock = Math.max(maxClock, await pageClock());
  }
  push({ ...live, now: Date.now() / 1000, clock: { ...live.clock, running: true, seconds: maxClock } });
  const standbyMs = Date.now() - standbyFrom;
  for (let i = 0; i < 30; ++i) {
    await sleep(50);
    sawBanner = sawBanner || (await banner()) !== null;
  }
  check(!sawBanner, `a standby of 0.5 s never shows its banner (it lasted ${standbyMs} ms)`);
  check(maxClock <= before + 0.05 && maxClock > before - 1, `the frozen clock did not step back (before ${before.toFixed(2)}, after ${maxClock.toFixed(2)})`);
  // A standby that lasts: the banner within 1.5 s (+ slack), the clock frozen, not back.
  const c0 = await pageClock();
  const enterAt = Date.now();
  push({ ...frozenAt(1.0), clock: { ...live.clock, running: false, seconds: c0 + 1.0 } });
  await page.waitForSelector('.part-banner:not(.element-off) .banner.standby', { timeout: 5000 });
  const entered = Date.now() - enterAt;
  check(entered >= 1400 && entered <= 2500, `standby shows after ${entered} ms (hysteresis 1500 ms)`);
  const c1 = await pageClock();
  check(c1 <= c0 + 0.05, `frozen at ${c1.toFixed(2)}, not back above ${c0.toFixed(2)}`);
  await sleep(400);
  check((await pageClock()) === c1, 'the clock stands still in standby');
  // The desk is back: the banner stays 1 s, then goes.
  const leaveAt = Date.now();
  push({ ...live, now: Date.now() / 1000, clock: { ...live.clock, running: true, seconds: c1 } });
  await page.waitForFunction(() => document.querySelector('.part-banner:not(.element-off) .banner.standby') === null, null, { timeout: 5000 });
  const left = Date.now() - leaveAt;
  check(left >= 900 && left <= 2000, `standby goes ${left} ms after the desk is back (hysteresis 1000 ms)`);

  // Silence, the connection still open.
  pinging = false;
  const silentAt = Date.now();
  await page.waitForFunction(() => window.facedownOverlay.status().feedLost, null, { timeout: 10000 });
  const after = Date.now() - silentAt;
  const bound = 3 * PING_MS + 250 + PING_MS + 300;  // 3 beats, the check's period, the last ping's age, slack
  check(after <= bound, `feed lost seen ${after} ms after the last ping (bound ${bound} ms)`);
  const tag = await lostOn(page);
  check(tag !== null && (await tag.textContent()) === 'FEED LOST', 'the feed-lost element is on: FEED LOST');
  await sleep(400);  // past its 0.3 s in animation
  const box = await page.evaluate(() => {
    const t = document.querySelector('.feed-lost-tag');
    const r = t.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, element: t.dataset.element, opacity: Number(getComputedStyle(t).opacity),
      visibility: getComputedStyle(t).visibility, fits: t.scrollWidth <= t.clientWidth,
      size: parseFloat(getComputedStyle(t).fontSize) * Number(getComputedStyle(document.getElementById('stage')).getPropertyValue('--text-line')),
      stage: Number(getComputedStyle(document.getElementById('stage')).opacity) };
  });
  const want = theme.layouts.landscape.elements.feed_lost;
  check(box.element === 'feed-lost' && ['x', 'y', 'w', 'h'].every((k) => Math.abs(box[k] - want[k]) < 0.5),
    `it lies at the theme's feed_lost placement (${JSON.stringify(box)})`);
  check(box.opacity === 1 && box.visibility === 'visible' && box.stage === 1, 'faded in to opacity 1, the stage at 1');
  check(box.fits && box.size >= 24, `its text fits its box at ${box.size.toFixed(1)} px (at least 24)`);
  await alone.waitForFunction(() => window.facedownOverlay.status().feedLost, null, { timeout: 10000 });
  const aloneShows = await alone.evaluate(() => ({
    parts: [...document.querySelectorAll('#stage > .part')].filter((p) => !p.classList.contains('element-off') && p.childElementCount > 0).length,
    lost: !!document.querySelector('.feed-lost-tag:not(.element-off)'),
  }));
  check(aloneShows.lost && aloneShows.parts === 0, `?elements=feed_lost shows the feed-lost element alone (${JSON.stringify(aloneShows)})`);
  await alone.close();
  const frozen = (await st()).shownNow;
  const frozenText = await clockText();
  const samples = [];
  for (let i = 0; i < 6; ++i) {
    await sleep(250);
    samples.push((await st()).shownNow);
  }
  check(samples.every((x) => x === frozen), `the page's time stands still while lost (${frozen})`);
  check(frozen >= t0 + 1, 'frozen where it was, never stepped back');
  check((await clockText()) === frozenText, `the clock text stands still (${frozenText})`);

  // The next message thaws it.
  pinging = true;
  seq += 1;
  for (const r of streams) r.write(`id: 1.${seq}.0\ndata: ${JSON.stringify({ ...live, now: Date.now() / 1000 })}\n\n`);
  await page.waitForFunction(() => !window.facedownOverlay.status().feedLost, null, { timeout: 5000 });
  check((await lostOn(page)) === null, 'the feed-lost element is off once the feed speaks');
  const thawed = (await st()).shownNow;
  await sleep(600);
  check((await st()).shownNow > thawed + 0.3, 'the clock counts again');
} catch (e) {
  console.log(`FAIL ${e && e.stack ? e.stack : e}`);
  tally.failed = true;
} finally {
  await browser.close();
  for (const r of streams) r.destroy();
  server.close();
}
process.exit(tally.failed ? 1 : 0);

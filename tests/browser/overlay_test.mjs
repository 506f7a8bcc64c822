// Browser test of the on-air overlay (feed/web/overlay.html) in Debian's
// headless chromium, through playwright-core (never a downloaded browser).
// Runs against the real facedown-feed when it is built (a desk process plays a
// match into a temp store), else against standin_feed.mjs. Checks: golden
// screenshots (still and mid-battle, landscape ko and portrait en), alpha
// transparent outside the panels, the CasparCG template API, reconnect with
// Last-Event-ID, the replay page's keys, and commit-to-DOM latency.
// Exit: 0 all passed, 1 a check failed, 77 skipped (no chromium).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRealFeed, startStandinFeed } from './feed_driver.mjs';
import { checkGolden, maxAlpha, minAlpha } from './images.mjs';
import { arg, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const goldenDir = path.resolve(arg('golden', path.join(here, 'golden')));
const outDir = path.resolve(arg('out', '/tmp/facedown-browser-out'));
const feedBin = arg('feed');
const facedownBin = arg('facedown');
const script = arg('script', path.join(here, 'fixtures/battle-match.txt'));
const samples = Number(arg('samples', '50'));

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
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/sample-battle.json'), 'utf8'));
const haveReal = feedBin && facedownBin && fs.existsSync(feedBin) && fs.existsSync(facedownBin);
const real = haveReal ? await startRealFeed({ feedBin, facedownBin, script: fs.readFileSync(script, 'utf8') }) : null;
const standin = await startStandinFeed({ webDir, fixture, steps: [{ version: 1, opened: false }, fixture] });
// The overlay draws the on-air contract (docs/on-air.md, version 1). A feed that
// does not serve it yet is still used for what does not depend on the shape
// (stream, latency by seq, matches and replay pages); the drawing checks then
// run against the stand-in, and the log says so.
const realDoc = real ? await real.onAir().catch(() => ({})) : null;
const contract = !!realDoc && realDoc.version === 1;
const feed = contract ? real : standin;
const live = real || standin;
console.log(`drawing checks: ${feed.kind} feed at ${feed.base}; live checks: ${live.kind} feed at ${live.base}`);
if (real && !contract)
  console.log(`NOTE: facedown-feed does not serve the on-air contract yet (no "version": 1 in /on-air); drawing checks use the stand-in`);
const prefix = feed.kind;  // goldens differ between the real match and the fixture

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--font-render-hinting=none'] });
const errors = [];
async function openOverlay(query, base = feed.base) {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/overlay.html?${query}`);
  await page.waitForFunction(() => window.facedownOverlay && window.facedownOverlay.status().messages > 0, null, { timeout: 10000 });
  return page;
}
const status = (page) => page.evaluate(() => window.facedownOverlay.status());
// A frame at wall time t. The sealed-setup hashes differ on every run (each
// setup has a fresh salt) and the live clock's second depends on how far apart
// the desk's rows were committed, so both are checked as text and hidden from
// the picture compared with the golden.
async function shot(page, name, t) {
  await page.evaluate((s) => window.facedownOverlay.pinClock(s), t);
  // An element that came on at that moment fades in over 0.3 s (overlay.css .element-off): the still picture is after it.
  await page.waitForTimeout(400);
  const hashes = await page.locator('.seal-hash').allTextContents();
  assert(hashes.every((h) => /^[0-9a-f]{1,12}…?$/.test(h)), `seal hashes: ${hashes}`);
  const clocks = await page.locator('.clock').allTextContents();
  assert(clocks.every((c) => /^\d+:\d\d$/.test(c)), `clock: ${clocks}`);
  await page.evaluate(() => document.querySelectorAll('.seal-hash, .clock').forEach((e) => { e.style.visibility = 'hidden'; }));
  const file = path.join(outDir, `${prefix}-${name}.png`);
  await page.screenshot({ path: file, omitBackground: true });
  await page.evaluate(() => document.querySelectorAll('.seal-hash, .clock').forEach((e) => { e.style.visibility = ''; }));
  return file;
}
async function golden(file) {
  const r = checkGolden(file, path.join(goldenDir, path.basename(file)), { outDir });
  assert(r.ok, r.why);
  return r.why;
}

try {
  const page = await openOverlay('lang=ko&layout=landscape');
  const st = await status(page);
  const start = st.battleStart;

  await check('overlay draws the on-air JSON from /on-air/stream', async () => {
    assert(st.messages >= 1 && st.streaming, `no stream message: ${JSON.stringify(st)}`);
    assert(await page.locator('.board').count() === 1, 'no board');
    assert(await page.locator('.player').count() === 2, 'not two player panels');
    const tiles = await page.locator('.board-layer .tile').count();
    assert(tiles > 4, `only ${tiles} pieces on the board`);
    return `seq ${st.seq}, ${tiles} pieces`;
  });

  await check('landscape ko still frame matches its golden', async () => {
    assert(start != null, 'the match on air has no battle');
    const f = await shot(page, 'ko-landscape-still', start + 10.5);
    assert(await page.locator('.battle-layer').count() === 0, 'battle still drawn 10 s later');
    return golden(f);
  });

  await check('mid-battle frame: pieces flipped, explainer up, matches its golden', async () => {
    const f = await shot(page, 'ko-landscape-battle', start + 1.5);
    const phases = await page.locator('.battle-layer .fighter').evaluateAll((els) => els.map((e) => e.dataset.phase));
    assert(phases.length >= 2 && phases.every((p) => p === 'shown'), `fighters: ${phases}`);
    assert(await page.locator('.explainer').evaluate((e) => getComputedStyle(e).visibility) === 'visible', 'explainer hidden');
    const flip = await shot(page, 'ko-landscape-flip', start + 0.5);
    const squash = await page.locator('.battle-layer .fighter').first().evaluate((e) => e.style.transform);
    assert(/scaleX\(0\.[0-9]/.test(squash), `not mid-flip: ${squash}`);
    return `${await golden(f)}; flip frame ${path.basename(flip)} ${squash}`;
  });

  await check('alpha is transparent outside the panels and opaque on them', async () => {
    const f = path.join(outDir, `${prefix}-ko-landscape-still.png`);
    const clear = [
      { x: 0, y: 0, w: 1920, h: 50 },     // above the safe area
      { x: 0, y: 1030, w: 1920, h: 50 },  // below it
      { x: 0, y: 0, w: 90, h: 1080 },     // left margin
      { x: 1830, y: 0, w: 90, h: 1080 },  // right margin
      { x: 490, y: 180, w: 10, h: 700 },  // between player 1's panel and the board
    ];
    for (const r of clear) assert(maxAlpha(f, r) === 0, `alpha ${maxAlpha(f, r)} in ${JSON.stringify(r)}`);
    for (const r of [{ x: 120, y: 400, w: 100, h: 100 }, { x: 1500, y: 400, w: 100, h: 100 }, { x: 800, y: 60, w: 300, h: 20 }])
      assert(minAlpha(f, r) === 1, `panel not opaque at ${JSON.stringify(r)}`);
    return `${clear.length} clear regions, 3 opaque`;
  });

  await check('portrait en still frame matches its golden', async () => {
    const p = await openOverlay('lang=en&layout=portrait');
    const f = await shot(p, 'en-portrait-still', start + 10.5);
    const texts = await p.locator('.dim').allTextContents();
    assert(texts.includes('Warnings') && texts.includes('Removed'), `not English: ${texts}`);
    await p.close();
    return golden(f);
  });

  await check('CasparCG template: play/stop/next/update exist and work', async () => {
    const p = await openOverlay('lang=en');
    const kinds = await p.evaluate(() => ['play', 'stop', 'next', 'update'].map((n) => typeof window[n]));
    assert(kinds.every((k) => k === 'function'), `globals: ${kinds}`);
    await p.evaluate((s) => window.facedownOverlay.pinClock(s), start + 0.5);
    assert(await p.locator('.battle-layer').count() === 1, 'no battle at +0.5 s');
    await p.evaluate(() => window.next());
    assert(await p.locator('.battle-layer').count() === 0, 'next() did not skip the battle');
    await p.evaluate(() => window.stop());
    await p.waitForTimeout(500);
    // Each element's out animation (0.3 s) to its end, however late a loaded machine started it.
    await p.waitForFunction(() => document.getAnimations().length === 0, null, { timeout: 5000 });
    const off = path.join(outDir, `${prefix}-stopped.png`);
    await p.screenshot({ path: off, omitBackground: true });
    assert(maxAlpha(off, { x: 0, y: 0, w: 1920, h: 1080 }) === 0, 'stop() left something on screen');
    await p.evaluate(() => window.play());
    await p.waitForTimeout(500);
    await p.waitForFunction(() => document.getAnimations().length === 0, null, { timeout: 5000 });
    const on = path.join(outDir, `${prefix}-played.png`);
    await p.screenshot({ path: on, omitBackground: true });
    assert(minAlpha(on, { x: 120, y: 400, w: 100, h: 100 }) === 1, 'play() did not bring the overlay back');
    const json = await feed.onAir();
    json.caption = 'update() 테스트';
    const asString = await p.evaluate((s) => window.update(s), JSON.stringify(json));
    assert(asString === true, 'update(string) refused');
    assert((await p.locator('.caption-text').textContent()) === 'update() 테스트', 'update() caption not drawn');
    assert(!(await status(p)).streaming, 'still streaming after update()');
    json.caption = null;
    assert(await p.evaluate((o) => window.update(o), json), 'update(object) refused');
    assert(await p.locator('.part-caption:not(.element-off) .caption').count() === 0, 'caption not taken down');
    assert((await p.evaluate(() => window.update('{not json'))) === false, 'malformed update accepted');
    // The Flash-era templateData XML that CasparCG clients send.
    json.caption = 'from XML & templateData';
    const esc = JSON.stringify(json).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const xml = `<templateData><componentData id="on-air"><data id="text" value="${esc}"/></componentData></templateData>`;
    assert(await p.evaluate((x) => window.update(x), xml), 'update(templateData XML) refused');
    assert((await p.locator('.caption-text').textContent()) === 'from XML & templateData', 'XML caption not drawn');
    await p.close();
    return 'play, stop, next, update(JSON string | object | templateData XML)';
  });

  await check('damaged on-air JSON never breaks the page (200 random mutants)', async () => {
    const p = await openOverlay('lang=ko');
    const good = await feed.onAir();
    const r = await p.evaluate((g) => {
      let seed = 7;
      const rnd = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
      const junk = [null, 0, -5, 1e12, '', 'z', [], {}, true, [null], { square: 'q0' }];
      const paths = [];
      const walk = (o, pre) => {
        if (o && typeof o === 'object') for (const k of Object.keys(o)) { paths.push([...pre, k]); walk(o[k], [...pre, k]); }
      };
      walk(g, []);
      let accepted = 0;
      for (let i = 0; i < 200; ++i) {
        const m = JSON.parse(JSON.stringify(g));
        for (let n = 0; n < 1 + Math.floor(rnd() * 4); ++n) {
          const path = paths[Math.floor(rnd() * paths.length)];
          let o = m;
          for (const k of path.slice(0, -1)) o = o && typeof o === 'object' ? o[k] : undefined;
          if (o && typeof o === 'object') o[path[path.length - 1]] = junk[Math.floor(rnd() * junk.length)];
        }
        if (window.update(JSON.stringify(m))) accepted += 1;
      }
      // The good message still draws afterwards.
      return { accepted, last: window.update(g), board: document.querySelectorAll('.board').length };
    }, good);
    assert(r.last === true && r.board === 1, `the page did not recover: ${JSON.stringify(r)}`);
    await p.close();
    return `${r.accepted}/200 mutants drawn, the rest refused; no script error`;
  });

  await check('banners: result (after the battle), standby with a frozen clock, paused, warning toast', async () => {
    const p = await openOverlay('lang=en');
    const doc = await feed.onAir();
    const t = doc.now;
    const show = (d) => p.evaluate((x) => window.update(x), d);
    const bannerText = () => p.locator('.banner').allTextContents();
    await p.evaluate((s) => window.facedownOverlay.pinClock(s), t + 100);
    const result = {
      winner: 2, reason: 'timeout', reason_text: { en: 'Out of time', ko: '시간 초과' },
      headline: { en: 'Kim Kyung-hoon WINS', ko: 'Kim Kyung-hoon 승리' },
      sentence: { en: 'Jang Dong-min did not move within 60 s: Kim Kyung-hoon wins', ko: 'Jang Dong-min, 60초 안에 두지 못함: Kim Kyung-hoon 승리' },
      shown: true,
    };
    assert(await show({ ...doc, status: 'ended', to_move: 0, result, banner: 'result', banner_element: 'result' }), 'result refused');
    const res = await bannerText();
    assert(res.length === 1 && res[0].includes('Kim Kyung-hoon WINS') && res[0].includes('did not move'), `result: ${res}`);
    const resultShot = path.join(outDir, `${prefix}-result.png`);
    await p.screenshot({ path: resultShot, omitBackground: true });
    // While the last battle animates the banner waits for it.
    const fresh = { ...doc.battle, start: t + 99, elapsed: 1 };
    assert(await show({ ...doc, now: t + 100, status: 'ended', result, battle: fresh }), 'result+battle refused');
    // (a banner gone keeps its content while it fades: the part is off, so nothing shows)
    assert((await p.locator('.part-banner:not(.element-off) .banner.result').count()) === 0, 'result banner over a running battle');
    const clock = { ...doc.clock, visible: true, running: true, counts_down: true, seconds: 30 };
    assert(await show({ ...doc, now: t + 100, battle: null, standby: true, banner: 'standby', banner_element: 'standby', clock }), 'standby refused');
    assert((await bannerText())[0].includes('STANDBY'), 'no standby banner');
    await p.screenshot({ path: path.join(outDir, `${prefix}-standby.png`), omitBackground: true });
    const c0 = await p.locator('.clock').textContent();
    await p.evaluate((s) => window.facedownOverlay.pinClock(s), t + 110);
    assert((await p.locator('.clock').textContent()) === c0 && c0 === '0:30', `standby clock moved: ${c0}`);
    assert(await show({ ...doc, now: t + 110, battle: null, paused: true, status: 'paused', banner: 'paused', banner_element: 'scorebug' }), 'pause refused');
    assert((await bannerText())[0].includes('PAUSED'), 'no pause banner');
    // The toast's headline is the frame's (broadcast's warning_line), as the feed writes it.
    const warning = { seq: 99, player: 1, kind: 'time', kind_text: { en: 'Time warning', ko: '시간 경고' }, total: 1, of: 2, wall_time: t + 108, toast: true, toast_until: t + 114,
      line: { en: 'WARNING 1/2 · Jang Dong-min', ko: '경고 1/2 · Jang Dong-min' } };
    assert(await show({ ...doc, now: t + 110, battle: null, warning, banner: 'warning', banner_element: 'scorebug' }), 'warning refused');
    const w = await bannerText();
    assert(w[0].includes('WARNING 1/2') && w[0].includes('Jang Dong-min') && w[0].includes('Time warning'), `toast: ${w}`);
    await p.screenshot({ path: path.join(outDir, `${prefix}-toast.png`), omitBackground: true });
    await p.evaluate((s) => window.facedownOverlay.pinClock(s), t + 115);
    await p.waitForTimeout(100);
    assert((await p.locator('.part-banner:not(.element-off) .banner.toast').count()) === 0, 'toast outlived its 6 s');
    await p.close();
    return `${path.basename(resultShot)}, ${prefix}-standby.png, ${prefix}-toast.png`;
  });

  await check('template mode starts off air until play()', async () => {
    const p = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await p.goto(`${feed.base}/overlay.html?template=1`);
    await p.waitForFunction(() => window.facedownOverlay);
    assert(!(await status(p)).streaming, 'template mode connected by itself');
    await p.evaluate((s) => window.update(s), JSON.stringify(await feed.onAir()));
    assert(await p.locator('.stage.off-air').count() === 1, 'on air before play()');
    await p.evaluate(() => window.play());
    assert(await p.locator('.stage.off-air').count() === 0, 'play() did not take it on air');
    await p.close();
  });

  await check(`commit-to-DOM latency over ${samples} commits`, async () => {
    const p = await openOverlay('lang=ko', live.base);
    // What the DOM shows: the caption text (the contract), else the stage's seq.
    const byCaption = live === feed;
    const lat = [], upper = [];
    for (let i = 0; i < samples; ++i) {
      const text = `lat-${i}-${Date.now() % 100000}`;
      const seq0 = Number(await p.evaluate(() => document.getElementById('stage').dataset.seq || 0));
      const seen = p.evaluate(([want, caption, after]) => new Promise((resolve) => {
        const stage = document.getElementById('stage');
        const done = () => {
          const el = document.querySelector('.caption-text');
          const ok = caption ? el && el.textContent === want : Number(stage.dataset.seq || 0) > after;
          if (ok) {
            obs.disconnect();
            resolve(Date.now());
          }
        };
        const obs = new MutationObserver(done);
        obs.observe(stage, { childList: true, subtree: true, characterData: true, attributes: true });
        done();
      }), [text, byCaption, seq0]);
      await p.waitForTimeout(5);
      const { sentAt, committedAt } = await live.commit(`caption "${text}"`);
      const at = await seen;
      lat.push(at - committedAt);
      upper.push(at - sentAt);
      await p.waitForTimeout(20);
    }
    const m = quantile(lat, 0.5), p99 = quantile(lat, 0.99);
    const line = `feed=${live.kind} shown-by=${byCaption ? 'caption' : 'seq'} n=${samples} commit-to-DOM median ${m} ms p99 ${p99} ms max ${Math.max(...lat)} ms; ` +
      `write-to-DOM median ${quantile(upper, 0.5)} ms p99 ${quantile(upper, 0.99)} ms`;
    fs.writeFileSync(path.join(outDir, 'latency.txt'), `${line}\n`);
    await p.close();
    // The target is p99 < 50 ms on loopback (docs/performance.md). A shared,
    // loaded machine can miss it without a bug, so the default bound only
    // catches a broken path (a poll instead of a push); FACEDOWN_STRICT_LATENCY=1
    // holds the target itself.
    const bound = process.env.FACEDOWN_STRICT_LATENCY === '1' ? 50 : 500;
    assert(p99 < bound, `p99 ${p99} ms is over ${bound} ms`);
    return `${line}; target p99 < 50 ms ${p99 < 50 ? 'met' : 'MISSED'}`;
  });

  {
    await check('reconnects with Last-Event-ID after a dropped stream (stand-in)', async () => {
      const p = await openOverlay('lang=ko', standin.base);
      const before = standin.standin.resumes.length;
      standin.standin.drop();
      await standin.commit('caption "after the drop"');
      await p.waitForFunction(() => document.querySelector('.caption-text')?.textContent === 'after the drop', null, { timeout: 10000 });
      const last = standin.standin.resumes.slice(before);
      assert(last.length >= 1 && last.every((id) => id > 0), `resume ids ${last}`);
      await p.close();
      return `resumed from id ${last[0]}`;
    });
  }

  // The games of issue 12: how the board is drawn (their fixtures below).
  const gameChecks = {
    'gunjin-shogi': async (p, doc) => {
      const hq = doc.board.squares.filter((q) => q.terrain.includes('headquarters')).length;
      const drawn = await p.locator('.board-layer .terrain.headquarters').count();
      assert(hq >= 2 && drawn === hq, `headquarters: ${drawn} drawn of ${hq}`);
      const named = await p.locator('.board-layer .tile.face').count();
      assert(named === 0, `${named} Gunjin pieces show a face`);
      return `${drawn} headquarters`;
    },
    'hidden-hasami': async (p, doc) => {
      const pieces = doc.board.squares.filter((q) => q.piece).length;
      const round = await p.locator('.board-layer .tile.round.back').count();
      assert(pieces > 0 && round === pieces, `${round} round backs of ${pieces} stones`);
      return `${round} stones`;
    },
    gwangsanghui: async (p, doc) => {
      assert(doc.board.on_points === true, 'the JSON does not say on_points');
      // The frame's lines (board.drawing): no cell frame, lines through the points.
      assert(await p.locator('.board-lines .line.edge').count() === 0, 'cell grid drawn on a board of points');
      const lines = await p.locator('.board-lines .line.grid').count();
      const diagonals = await p.locator('.board-lines .line.palace').count();
      assert(lines === 15 + 14 && diagonals === 12, `${lines} lines, ${diagonals} palace diagonals`);
      // A line through every column and every row of points, turned or not.
      const [across, down] = await p.evaluate(() => {
        const ls = [...document.querySelectorAll('.board-lines .line.grid')].map((l) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))));
        const vertical = new Set(ls.filter(([x1, y1, x2, y2]) => x1 === x2 && y1 !== y2).map((l) => Math.round(l[0])));
        const horizontal = new Set(ls.filter(([x1, y1, x2, y2]) => y1 === y2 && x1 !== x2).map((l) => Math.round(l[1])));
        return [vertical.size, horizontal.size];
      });
      assert(across + down === 29 && Math.min(across, down) === 14, `${across} vertical and ${down} horizontal lines`);
      assert(await p.locator('.board-layer .terrain.palace').count() === 0, 'per-square palace marks on points');
      // Every piece centred on its point, inside the board.
      const off = await p.evaluate(() => {
        const b = document.querySelector('.board').getBoundingClientRect();
        return [...document.querySelectorAll('.board-layer .tile')].filter((t) => {
          const r = t.getBoundingClientRect();
          return r.left < b.left || r.right > b.right || r.top < b.top || r.bottom > b.bottom;
        }).length;
      });
      assert(off === 0, `${off} pieces outside the board`);
      return `${lines} lines, ${diagonals} diagonals`;
    },
  };
  // Piece labels that fit (broadcast/piece_labels.h): every label of every game
  // and preset, in both languages, measured in the page's font at 24 px on a
  // piece's face fits the room the rule gave it on the game's smallest board
  // piece (tests/overlay/piece_label_fit_test.cpp measures ImGui's font and
  // writes the fixture).
  await check('piece labels fit the smallest board piece at 24 px in the page\'s font', async () => {
    const games = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/piece-labels.json'), 'utf8'));
    const p = await openOverlay('lang=ko');
    const widths = await p.evaluate((gs) => {
      const stage = document.querySelector('.stage');
      const tile = document.createElement('div');
      tile.className = 'tile face p1';
      tile.style.cssText = 'left: 0; top: 0; width: 1000px; height: 60px; font-size: calc(24px / var(--text-line, 1));';  // a 24 px line, as scene.js draws it
      stage.appendChild(tile);
      const label = document.createElement('div');
      label.className = 'label';
      tile.appendChild(label);
      const out = gs.map((g) => g.labels.flatMap((l) => [l.en, l.ko]).map((text) => {
        label.textContent = text;
        return [g.game, g.room, text, label.scrollWidth];
      }));
      tile.remove();
      return out.flat();
    }, games);
    await p.close();
    const over = widths.filter(([, room, , w]) => w > room);
    assert(widths.length > 100 && over.length === 0, `wider than their room: ${over.map((o) => o.join(' ')).join(', ')}`);
    const widest = widths.reduce((a, b) => (b[3] / b[1] > a[3] / a[1] ? b : a));
    return `${widths.length} labels; the tightest ${widest[2]} (${widest[0]}) ${widest[3]} of ${widest[1].toFixed(1)} px`;
  });

  // Every game and preset (tests/overlay/new_games_test.cpp writes the
  // fixtures, screenshot_test.cpp paints the same frames in ImGui): landscape
  // in both languages, and portrait in English where the board is checked.
  const gameFrames = ['number-janggi', 'number-janggi-rsf-s52', 'capture-flag', 'salpakan', 'luzhanqi-mini',
    'gunjin-shogi', 'hidden-hasami', 'gwangsanghui'];
  for (const id of gameFrames) {
    const extra = gameChecks[id];
    const shots = [['landscape', 'en'], ['landscape', 'ko'], ...(extra ? [['portrait', 'en']] : [])];
    await check(`${id}: ${shots.map((s) => s.join(' ')).join(', ')} match their goldens`, async () => {
      const doc = JSON.parse(fs.readFileSync(path.join(here, `fixtures/${id}.json`), 'utf8'));
      const s = await startStandinFeed({ webDir, fixture: doc, steps: [doc] });
      const notes = [];
      try {
        for (const [layout, lang] of shots) {
          const p = await openOverlay(`lang=${lang}&layout=${layout}`, s.base);
          await p.evaluate((t) => window.facedownOverlay.pinClock(t), doc.now);
          const file = path.join(outDir, `game-${id}-${layout}${lang === 'en' ? '' : `-${lang}`}.png`);
          await p.screenshot({ path: file, omitBackground: true });
          if (extra) notes.push(await extra(p, doc));
          notes.push(await golden(file));
          await p.close();
        }
      } finally {
        s.close();
      }
      return notes.join('; ');
    });
  }

  await check('replay page: keys step, End/Home, seek, autoplay', async () => {
    const matches = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await matches.goto(`${live.base}/matches`);
    await matches.waitForSelector('#matches tbody tr', { timeout: 10000 });
    const id = await matches.locator('#matches tbody tr').first().getAttribute('data-match');
    await matches.locator('#matches tbody tr a').first().click();
    await matches.waitForURL(`**/replay/${id}`);
    const p = matches;
    await p.waitForFunction(() => document.body.dataset.step === '0');
    const total = Number(await p.locator('#seek').getAttribute('max'));
    assert(total >= 1, `replay has ${total} steps`);
    await p.keyboard.press('End');
    await p.waitForFunction((t) => document.body.dataset.step === String(t), total);
    if (live === feed) assert(await p.locator('#stage .board').count() === 1, 'no board at the end');
    // Back one move: to the feed's last move stop before the end.
    const steps = await (await fetch(`${live.base}/replay/${id}/steps`)).json();
    const back = steps.moves.filter((s) => s < total).pop() ?? 0;
    await p.keyboard.press('ArrowLeft');
    await p.waitForFunction((t) => document.body.dataset.step === String(t), back);
    await p.keyboard.press('Home');
    await p.waitForFunction(() => document.body.dataset.step === '0');
    await p.keyboard.press('ArrowRight');
    await p.waitForFunction(() => document.body.dataset.step === '1');
    await p.keyboard.press('Home');
    await p.selectOption('#speed', '4');
    await p.keyboard.press(' ');
    await p.waitForFunction((t) => document.body.dataset.step === String(t), total, { timeout: 5000 + total * 400 });
    const file = path.join(outDir, `${live.kind}-replay-end.png`);
    await p.screenshot({ path: file });
    await p.close();
    return `${total} steps; ${path.basename(file)}`;
  });

  await check('no script errors on any page', async () => {
    assert(errors.length === 0, errors.join('; '));
  });
} finally {
  await browser.close();
  await standin.close();
  if (real) await real.close();
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

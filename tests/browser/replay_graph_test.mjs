// Browser test of the replay page's win-probability graph (feed/web/replay_graph.js)
// against the real facedown-feed (analysis on, its default), in Debian's headless
// chromium: the graph has one point per move step the feed serves
// (/replay/M/steps), marks exactly the feed's turning points
// (/replay/M/analysis), and its cursor follows the step shown. The match is
// assets/matches/demo-genius.txt. The view selector switches the graph to the
// referee's and player 1's views (the match is finished and the feed runs with
// --tv-delay 0, so they are served) and back. A screenshot is kept (printed path).
// Exit: 0 all passed, 1 a check failed, 77 skipped (no chromium or no feed).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRealFeed } from './feed_driver.mjs';
import { arg, checks, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const feedBin = arg('feed');
const facedownBin = arg('facedown');
const outDir = path.resolve(arg('out', '/tmp/facedown-browser-out'));
const script = arg('script', path.join(here, '../../assets/matches/demo-genius.txt'));
if (!feedBin || !facedownBin || !fs.existsSync(feedBin) || !fs.existsSync(facedownBin)) {
  console.log('SKIP: the replay graph test needs facedown-feed and facedown (--feed, --facedown)');
  process.exit(77);
}
const chromium = await loadChromium();
fs.mkdirSync(outDir, { recursive: true });

const tally = checks();
const { check } = tally;

// No TV delay: the finished match's every point of view is anyone's at once.
const real = await startRealFeed({ feedBin, facedownBin, script: fs.readFileSync(script, 'utf8'), feedArgs: ['--tv-delay', '0'] });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const list = await (await fetch(`${real.base}/matches.json`)).json();
  const id = (Array.isArray(list) ? list : list.matches)[0].id;
  const steps = await (await fetch(`${real.base}/replay/${id}/steps`)).json();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${real.base}/replay/${id}`);
  const done = await page.waitForFunction(() => document.getElementById('graph') && document.getElementById('graph').dataset.complete === '1',
    null, { timeout: 100000 }).then(() => true, () => false);
  check(done, 'the feed works the graph out and the page draws it complete');
  const analysis = await (await fetch(`${real.base}/replay/${id}/analysis`)).json();
  const g = await page.evaluate(() => ({
    points: Number(document.getElementById('graph').dataset.points),
    marks: [...document.querySelectorAll('#graph .turning-point')].map((c) => Number(c.dataset.position)),
    cursor: Number(document.querySelector('#graph .cursor').getAttribute('x1')),
    line: !!document.querySelector('#graph path.line'),
  }));
  const drawable = analysis.steps.filter((s) => s.public && s.public.player1).length;
  check(analysis.steps.length === steps.moves.length, `one graph step per move step (${analysis.steps.length} of ${steps.moves.length})`);
  check(g.points === drawable && g.line, `one point per step with a number (${g.points} of ${drawable})`);
  check(JSON.stringify(g.marks) === JSON.stringify(analysis.turning_points.map((t) => t.position)),
    `the turning points marked are the feed's (${g.marks} / ${analysis.turning_points.map((t) => t.position)})`);
  // The value axis (0, 50, 100 %) and the swing labels: their real boxes never intersect.
  const drawnLabels = await page.evaluate(() => ({
    axis: [...document.querySelectorAll('#graph text.axis')].map((t) => t.textContent),
    boxes: [...document.querySelectorAll('#graph text.swing')].map((t) => { const b = t.getBBox(); return { x: b.x, y: b.y, w: b.width, h: b.height }; }),
  }));
  check(JSON.stringify(drawnLabels.axis) === JSON.stringify(['100%', '50%', '0%']), `the graph has its axis (${drawnLabels.axis})`);
  const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  check(drawnLabels.boxes.every((a, i) => drawnLabels.boxes.every((b, j) => j <= i || !meets(a, b))),
    `no two swing labels overprint (${JSON.stringify(drawnLabels.boxes)})`);
  // Dense: marks a pixel apart, or all at the right edge, still place their labels apart.
  const dense = await page.evaluate(async () => {
    const { placeTurnLabels } = await import('/replay_graph.js');
    const meet = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    let bad = 0;
    for (let t = 0; t < 300; t++) {
      const n = 1 + (t % 6);
      const xs = Array.from({ length: n }, (_, i) => (t % 3 === 0 ? 100 + i : t % 5 === 0 ? 1199 : Math.random() * 1200)).sort((a, b) => a - b);
      const r = placeTurnLabels(xs, xs.map(() => 20 + Math.random() * 20), 16, 0, 1200, 10);
      for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) if (meet(r[i], r[j])) bad++;
      if (r.some((q) => q.x < 0 || q.x + q.w > 1200 + 1e-6)) bad++;
    }
    return bad;
  });
  check(dense === 0, `dense labels never intersect nor leave the plot (${dense} bad)`);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.body.dataset.step !== '0', null, { timeout: 5000 });
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  const moved = await page.evaluate(() => Number(document.querySelector('#graph .cursor').getAttribute('x1')));
  check(moved > g.cursor, `the cursor follows the step shown (${g.cursor} -> ${moved})`);
  // The view selector: the referee's line beside the public one, its turning
  // points the ones marked; player 1's next; back to the public alone.
  await page.selectOption('#graph-view', 'referee');
  const refDone = await page.waitForFunction(() => {
    const gr = document.getElementById('graph');
    return gr.dataset.view === 'referee' && gr.dataset.viewComplete === '1';
  }, null, { timeout: 60000 }).then(() => true, () => false);
  check(refDone, 'the selector asks for the referee view and the graph draws it complete');
  const referee = await (await fetch(`${real.base}/replay/${id}/analysis?view=referee`)).json();
  const r = await page.evaluate(() => ({
    line: document.querySelector('#graph path.view-line') ? document.querySelector('#graph path.view-line').dataset.view : '',
    area: !!document.querySelector('#graph path.area'),
    viewPoints: Number(document.getElementById('graph').dataset.viewPoints),
    marks: [...document.querySelectorAll('#graph .turning-point')].map((c) => `${c.dataset.view}:${c.dataset.position}`),
  }));
  const refDrawable = referee.steps.filter((s) => s.referee && s.referee.player1).length;
  check(referee.view === 'referee' && referee.steps.length === steps.moves.length,
    `the feed serves the finished match's referee view, one step per move step (${referee.steps.length} of ${steps.moves.length})`);
  check(r.line === 'referee' && r.area, `the referee's line is drawn beside the public area (${r.line}, ${r.area})`);
  check(r.viewPoints === refDrawable && refDrawable > 0, `one referee point per step with a number (${r.viewPoints} of ${refDrawable})`);
  check(JSON.stringify(r.marks) === JSON.stringify(referee.turning_points.map((t) => `referee:${t.position}`)),
    `the referee's turning points are marked (${r.marks} / ${referee.turning_points.map((t) => t.position)})`);
  const last = referee.steps[referee.steps.length - 1];
  check(last.referee && last.referee.decided && last.referee.player1.p === 1, 'the finished match ends at 100 % for its winner in the referee view');
  await page.selectOption('#graph-view', 'player1');
  const p1 = await page.waitForFunction(() => {
    const line = document.querySelector('#graph path.view-line');
    return document.getElementById('graph').dataset.view === 'player1' && line && line.dataset.view === 'player1';
  }, null, { timeout: 60000 }).then(() => true, () => false);
  check(p1, "the selector switches to player 1's view and draws its line");
  await page.selectOption('#graph-view', 'public');
  const back = await page.evaluate(() => ({ view: document.getElementById('graph').dataset.view,
    line: !!document.querySelector('#graph path.view-line'),
    marks: [...document.querySelectorAll('#graph .turning-point')].map((c) => Number(c.dataset.position)) }));
  check(back.view === 'public' && !back.line && JSON.stringify(back.marks) === JSON.stringify(analysis.turning_points.map((t) => t.position)),
    'back to the public view: its line alone, its turning points');
  await page.selectOption('#graph-view', 'referee');
  await page.waitForTimeout(300);
  const shot = path.join(outDir, 'replay-graph.png');
  await page.screenshot({ path: shot });
  console.log(`screenshot: ${shot}`);
  check(errors.length === 0, `no page errors (${errors.join('; ')})`);
} finally {
  await browser.close();
  await real.close();
}
process.exit(tally.failed ? 1 : 0);

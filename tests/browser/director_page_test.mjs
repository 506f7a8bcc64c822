// Browser test of the director's page (console/web/director.html, served by the
// desk's control API at /director) in Debian's headless chromium through
// playwright-core, against a headless desk (tests/console/desk_host.cpp):
//   - without the token the page shows the API's refusal, and no state;
//   - with it: the program (landscape) beside the preview; clicking a layout
//     and an element's Hide builds the preview (highlighted rows), nothing stored;
//   - a refused cue (battle seconds 99) shows the desk's reason and adds nothing;
//   - Take (the T key) stores both cues at once and the program follows; Esc
//     clears a pending preview;
//   - a press held across refreshes is a click (the tables change in place);
//   - the pictures fit their columns and follow the page's language.
// Exit: 0 passed, 1 a check failed, 77 skipped (no chromium).
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, checks, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOST = arg('desk-host');
if (!HOST || !fs.existsSync(HOST)) {
  console.log(`FAIL: --desk-host ${HOST} not found`);
  process.exit(1);
}
const chromium = await loadChromium();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const script = path.join(fs.mkdtempSync('/tmp/facedown-director-'), 'match.txt');
fs.writeFileSync(script, [
  'game number-janggi', 'preset genius-2015', 'player 1 "Jang"', 'player 2 "Kim"', 'first 1',
  'setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1',
  'setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7',
  'start', '@4 move b3-b4', ''].join('\n'));
const desk = spawn(HOST, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
const [port, token] = await new Promise((resolve, reject) => {
  let out = '';
  desk.stdout.on('data', (d) => {
    out += d;
    if (out.includes('\n')) resolve(out.trim().split(' '));
  });
  desk.on('exit', (code) => reject(new Error(`desk_host exited ${code}`)));
});
const base = `http://127.0.0.1:${port}`;
const cues = async () => {
  const r = await fetch(`${base}/api/cues`, { headers: { Authorization: `Bearer ${token}` } });
  return r.json();
};

const tally = checks();
const { check } = tally;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(`${base}/director`);
  // No token yet: the page asks the API and shows its refusal.
  await page.fill('#token', 'not-the-token');
  await page.click('#connect');
  await page.waitForFunction(() => document.getElementById('error').textContent.length > 0, null, { timeout: 5000 });
  check((await page.textContent('#error')).includes('token'), `a wrong token is refused: "${await page.textContent('#error')}"`);
  check((await page.$$('#program tr')).length === 0, 'no state shown without the token');

  await page.fill('#token', token);
  await page.click('#connect');
  await page.waitForFunction(() => document.querySelectorAll('#program tr').length > 5, null, { timeout: 5000 });
  check((await page.textContent('#program')).includes('Landscape'), 'the program is the landscape layout');
  check((await page.textContent('#error')) === '', 'no error with the token');
  // Hold is offered exactly where the desk takes one (its `holdable`): with the
  // deduction and the win bar shown too, every Hold button's cue previews
  // without a refusal (a page list of its own offered Hold for those two,
  // which the desk refuses). Esc drops the preview after.
  const shown = ['show deduction', 'show win-bar'];
  for (const c of shown) {
    await page.click(`button[data-cue="${c}"]`);
    await page.waitForFunction((x) => document.getElementById('pending').textContent.includes(x), c, { timeout: 5000 });
  }
  const holds = await page.$$eval('#preview button[data-cue^="hold "]', (bs) => bs.map((b) => b.dataset.cue));
  const refused = [];
  for (const c of holds) {
    const r = await fetch(`${base}/api/preview`, { method: 'POST', body: [...shown, c].join('\n'), headers: { Authorization: `Bearer ${token}` } });
    if (!r.ok) refused.push(`${c} (${r.status})`);
  }
  check(holds.length > 0 && refused.length === 0, `every Hold the page offers is one the desk takes (${holds.join(', ')}; refused: ${refused.join(', ') || 'none'})`);
  await page.click('h1');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('pending').textContent === '', null, { timeout: 5000 });

  // Build a preview: the faces layout, then show the small board.
  await page.click('button[data-cue="layout faces"]');
  await page.waitForFunction(() => document.getElementById('pending').textContent.includes('layout faces'), null, { timeout: 5000 });
  await page.click('button[data-cue="show board-compact"]');
  await page.waitForFunction(() => document.getElementById('pending').textContent.includes('show board-compact'), null, { timeout: 5000 });
  const previewText = await page.textContent('#preview');
  check(previewText.includes('Faces'), 'the preview shows the faces layout');
  check((await page.$$('#preview tr.changed')).length >= 5, `changed rows are marked (${(await page.$$('#preview tr.changed')).length})`);
  check((await page.textContent('#program')).includes('Landscape'), 'the program has not changed');
  check((await cues()).cues.length === 0, 'nothing stored before the Take');

  // A refused cue: the desk's reason, nothing added to the preview.
  await page.fill('#battle', '99');
  await page.click('#battle-set');
  await page.waitForFunction(() => document.getElementById('error').textContent.length > 0, null, { timeout: 5000 });
  check((await page.textContent('#error')).includes('battle-seconds'), `a bad cue names itself: "${await page.textContent('#error')}"`);
  check(!(await page.textContent('#pending')).includes('battle-seconds'), 'the refused cue is not pending');

  // Take with the T key (focus off the input first).
  await page.click('h1');
  await page.keyboard.press('t');
  await page.waitForFunction(() => document.getElementById('pending').textContent === '', null, { timeout: 5000 });
  const stored = await cues();
  check(stored.cues.map((c) => c.cue).join('|') === 'layout faces|show board-compact', `both cues stored: ${stored.cues.map((c) => c.cue).join('|')}`);
  check(stored.program.layout === 'faces', 'the program is the faces layout');
  await page.waitForFunction(() => document.getElementById('program').textContent.includes('Faces'), null, { timeout: 5000 });
  check(true, 'the page shows the new program');

  // Esc clears a pending preview without storing it.
  await page.click('button[data-cue="layout landscape"]');
  await page.waitForFunction(() => document.getElementById('pending').textContent.includes('layout landscape'), null, { timeout: 5000 });
  await page.keyboard.press('Escape');
  await sleep(300);
  check((await page.textContent('#pending')) === '', 'Esc clears the preview');
  check((await cues()).cues.length === 2, 'and stores nothing');

  // A press held across refreshes is still a click: the tables are changed in
  // place, never rebuilt under the pointer (4 of 20 human clicks were lost).
  const rowsBefore = await page.$$eval('#preview tr', (trs) => trs.map((tr) => tr.dataset.key).join('|'));
  const hideScorebug = await page.$('#preview button[data-cue="hide scorebug"]');
  await page.evaluate((b) => { b.dataset.probe = 'kept'; }, hideScorebug);
  const at = await hideScorebug.boundingBox();
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await sleep(2500);  // two refreshes
  await page.mouse.up();
  await page.waitForFunction(() => document.getElementById('pending').textContent.includes('hide scorebug'), null, { timeout: 5000 });
  check(true, 'a press held across two refreshes is a click');
  check(await page.$('button[data-probe="kept"]') !== null, 'the button under the press is the same node after the refreshes');
  check(rowsBefore === await page.$$eval('#preview tr', (trs) => trs.map((tr) => tr.dataset.key).join('|')),
        'the rows keep their order');
  await page.click('h1');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('pending').textContent === '', null, { timeout: 5000 });

  // The pictures: the feed's 1920x1080 page scaled to the column, in the page's language.
  await page.fill('#feed', base);
  await page.dispatchEvent('#feed', 'change');
  await page.waitForFunction(() => !document.getElementById('program-box').hidden, null, { timeout: 5000 });
  const fit = await page.evaluate(() => {
    const box = document.getElementById('program-box').getBoundingClientRect();
    const pic = document.getElementById('program-picture').getBoundingClientRect();
    return { box: box.width, pic: pic.width, picH: pic.height, src: document.getElementById('program-picture').src };
  });
  check(fit.pic <= fit.box + 1 && fit.pic > fit.box * 0.9 && Math.abs(fit.picH - fit.pic * 9 / 16) < 2,
        `the program picture fits its column (${fit.pic.toFixed(0)}x${fit.picH.toFixed(0)} in ${fit.box.toFixed(0)})`);
  check(fit.src.includes('lang=en'), `the English page shows English pictures (${fit.src})`);

  // Korean.
  await page.click('#lang');
  check((await page.textContent('#program')).includes('얼굴'), 'Korean: the layout in Korean');
  check((await page.getAttribute('#program-picture', 'src')).includes('lang=ko'), 'Korean: the pictures follow');
  await page.screenshot({ path: path.join(path.dirname(script), 'director.png') });
  console.log(`screenshot: ${path.join(path.dirname(script), 'director.png')}`);
} finally {
  await browser.close();
  desk.stdin.end();
}
process.exit(tally.failed ? 1 : 0);

// The director's page driven as a director would, for the real-window test
// (tests/realwindow/real_window_match.sh): the desk's /director page in
// Debian's chromium, the token typed in, the given cues' buttons clicked (each
// must show in the pending list), then Take (the T key). Exits once the page
// shows nothing pending and its program holds the last cue's layout, if any.
// usage: node director_take.mjs --chromium PATH --url http://HOST:PORT --token TOKEN --cues "layout landscape|hold board"
// Exit: 0 taken, 1 a step failed (its reason printed), 77 no chromium.
import { arg, CHROMIUM, loadChromium } from './browser_env.mjs';

const url = arg('url');
const token = arg('token');
const cues = arg('cues').split('|').filter((c) => c);
const chromium = await loadChromium();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
let code = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(`${url}/director`);
  await page.fill('#token', token);
  await page.click('#connect');
  await page.waitForFunction(() => document.querySelectorAll('#program tr').length > 5, null, { timeout: 10000 });
  for (const cue of cues) {
    await page.click(`button[data-cue="${cue}"]`);
    await page.waitForFunction((c) => document.getElementById('pending').textContent.includes(c), cue, { timeout: 10000 });
  }
  await page.click('h1');  // the T key is the page's, not a field's
  await page.keyboard.press('t');
  await page.waitForFunction(() => document.getElementById('pending').textContent === '', null, { timeout: 10000 });
  const error = await page.textContent('#error');
  if (error) throw new Error(`the page shows an error after Take: ${error}`);
  console.log(`taken from the page: ${cues.join(', ')}`);
} catch (e) {
  console.log(`FAIL: the director's page: ${e.message}`);
  code = 1;
} finally {
  await browser.close();
}
process.exit(code);

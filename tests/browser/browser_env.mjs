// What every browser test starts with: its command-line arguments (--name
// value), and Debian's chromium driven through playwright-core. A machine
// without chromium skips the test (exit 77, as ctest's SKIP_RETURN_CODE);
// chromium without playwright-core is a failure, since scripts/install-deps.sh
// installs both (npm ci in tests/browser).
import fs from 'node:fs';

// The value after --name on the command line, or d.
export const arg = (name, d = '') => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : d;
};

export const CHROMIUM = arg('chromium', '/usr/bin/chromium');

// playwright-core's chromium, or the process ends (77: no chromium, 1: no playwright-core).
export async function loadChromium() {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`SKIP: ${CHROMIUM} not found (scripts/install-deps.sh installs Debian's chromium)`);
    process.exit(77);
  }
  try {
    return (await import('playwright-core')).chromium;
  } catch (e) {
    console.log('FAIL: playwright-core missing: run scripts/install-deps.sh (npm ci in tests/browser)');
    process.exit(1);
  }
}

// A test's checks: `check(cond, msg)` prints PASS or FAIL with msg; `failed` is
// true once any check failed (or the test set it, on an exception).
export function checks() {
  const t = { failed: false };
  t.check = (cond, msg) => {
    console.log(`${cond ? 'PASS' : 'FAIL'} ${msg}`);
    if (!cond) t.failed = true;
  };
  return t;
}

// Image checks for the browser tests, through ImageMagick (compare, convert):
// golden comparison within a tolerance, and the alpha of a region.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

// Pixels that differ by more than 5% (fuzz) between two PNGs; -1 if the sizes differ.
export function differingPixels(a, b, diffPath) {
  const r = spawnSync('compare', ['-metric', 'AE', '-fuzz', '5%', a, b, diffPath], { encoding: 'utf8' });
  const n = parseFloat((r.stderr || '').trim().split(/\s+/)[0]);
  if (r.status === 2 || Number.isNaN(n)) return -1;
  return n;
}

// Compares shot with golden/NAME.png (or writes it when FACEDOWN_UPDATE_GOLDEN=1).
// tolerance: the fraction of pixels that may differ (antialiasing, font hinting).
export function checkGolden(shot, golden, { tolerance = 0.004, outDir }) {
  if (process.env.FACEDOWN_UPDATE_GOLDEN === '1' || !fs.existsSync(golden)) {
    if (process.env.FACEDOWN_UPDATE_GOLDEN !== '1') return { ok: false, why: `no golden ${golden} (run with FACEDOWN_UPDATE_GOLDEN=1)` };
    fs.copyFileSync(shot, golden);
    return { ok: true, why: `golden written: ${golden}` };
  }
  const diff = `${outDir}/diff-${golden.split('/').pop()}`;
  const n = differingPixels(shot, golden, diff);
  const limit = Math.round(1920 * 1080 * tolerance);
  if (n < 0) return { ok: false, why: `${shot}: size differs from ${golden}` };
  return { ok: n <= limit, why: `${n} pixels differ (limit ${limit}); diff ${diff}` };
}

// Largest alpha (0..1) in a region of a PNG.
export function maxAlpha(png, { x, y, w, h }) {
  const out = execFileSync('convert', [png, '-crop', `${w}x${h}+${x}+${y}`, '+repage', '-alpha', 'extract', '-format', '%[fx:maxima]', 'info:'], { encoding: 'utf8' });
  return parseFloat(out);
}

// Smallest alpha (0..1) in a region.
export function minAlpha(png, { x, y, w, h }) {
  const out = execFileSync('convert', [png, '-crop', `${w}x${h}+${x}+${y}`, '+repage', '-alpha', 'extract', '-format', '%[fx:minima]', 'info:'], { encoding: 'utf8' });
  return parseFloat(out);
}

// Compares two pictures of the same on-air frame painted by different painters
// (the ImGui overlay's software-rasterised frame, Chromium's screenshot), both
// at half the canvas's size (960x540: deviceScaleFactor 0.5 in Chromium, the
// canvas transform's scale 0.5 in ImGui) over chroma green. The fonts differ (ImGui: NanumGothic from its
// atlas, no bold; Chromium: Noto Sans CJK with bold) and so does antialiasing,
// so no pixel is compared. Two coarse measures are, chosen so that a glyph's
// shape cannot fail them but an element placed, sized or coloured differently
// does:
// Sizes below are canvas pixels (twice the picture's).
//  - Shape: each 8x8 block's coverage (the share of its pixels that are not
//    the chroma background: panels, tiles, cards, banners). Text sits on opaque
//    panels, so coverage is the elements' outlines, not their letters. A block
//    differs when the coverages differ by more than 0.5, i.e. an edge lies more
//    than about 4 px from where the other painter put it. Rounded corners and
//    strokes antialiased differently stay under that.
//  - Colour: each 40x40 cell's mean colour (a 48x27 grid). A cell differs when
//    a channel's mean differs by more than COLOUR_TOLERANCE (of 255): a line of
//    text in another font moves most cells' means by under 48, a panel, tile or
//    banner in another colour by far more.
// A pair agrees when at most SHAPE_BLOCKS_ALLOWED (8) blocks and
// COLOUR_CELLS_ALLOWED (6) cells differ. Measured on the pictured frames: 0
// blocks and 0 to 2 cells (a large headline in the other font, bold in the
// page); one panel moved or recoloured: hundreds (docs/on-air.md, Cross-output test).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const W = 960, H = 540;  // the pictures' pixels
const SCALE = 2;  // canvas pixels per picture pixel
export const BLOCK = 8;
export const CELL = 40;
export const SHAPE_TOLERANCE = 0.5;
export const COLOUR_TOLERANCE = 48;
export const SHAPE_BLOCKS_ALLOWED = 8;
export const COLOUR_CELLS_ALLOWED = 6;
const CHROMA = [0, 177, 64];

// Chromium's screenshot (8-bit RGB or RGBA, not interlaced) as RGB bytes,
// decoded here: a process per picture for ImageMagick costs more than the
// comparison. null for any other PNG.
function decodePng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) return null;
  let off = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off), type = buf.toString('latin1', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) return null;
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : 0;
      if (!channels) return null;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels, out = Buffer.alloc(width * height * 3);
  let prev = Buffer.alloc(stride), cur = Buffer.alloc(stride);
  for (let y = 0; y < height; ++y) {
    const f = raw[y * (stride + 1)], row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; ++i) {
      const a = i >= channels ? cur[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      let v = row[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 0xff;
    }
    for (let x = 0; x < width; ++x) {
      out[3 * (y * width + x)] = cur[x * channels];
      out[3 * (y * width + x) + 1] = cur[x * channels + 1];
      out[3 * (y * width + x) + 2] = cur[x * channels + 2];
    }
    [prev, cur] = [cur, prev];
  }
  return { width, height, rgb: out };
}

// A picture's pixels as RGB bytes: a .rgb file is raw rows (the ImGui half
// writes them so), a PNG Chromium wrote is decoded here, anything else by ImageMagick.
export function readRgb(file) {
  let buf;
  if (file.endsWith('.rgb')) buf = fs.readFileSync(file);
  else {
    const png = decodePng(fs.readFileSync(file));
    buf = png && png.width === W && png.height === H ? png.rgb
      : execFileSync('convert', [file, '-alpha', 'off', '-depth', '8', 'rgb:-'], { maxBuffer: 64 << 20 });
  }
  if (buf.length !== W * H * 3) throw new Error(`${file}: not ${W}x${H}`);
  return buf;
}

// A picture as a PNG a person can open.
function toPng(file, png) {
  if (file.endsWith('.rgb')) execFileSync('convert', ['-size', `${W}x${H}`, '-depth', '8', `rgb:${file}`, png]);
  else fs.copyFileSync(file, png);
}

function grids(rgb) {
  const block = BLOCK / SCALE, cell = CELL / SCALE;
  const bw = W / block, bh = H / block, cw = W / cell, ch = H / cell;
  const cover = new Float32Array(bw * bh);
  const colour = new Float32Array(cw * ch * 3);
  for (let y = 0; y < H; ++y) {
    const by = Math.floor(y / block) * bw, cy = Math.floor(y / cell) * cw;
    for (let x = 0; x < W; ++x) {
      const i = 3 * (y * W + x);
      const r = rgb[i], g = rgb[i + 1], b = rgb[i + 2];
      const off = Math.abs(r - CHROMA[0]) + Math.abs(g - CHROMA[1]) + Math.abs(b - CHROMA[2]);
      if (off > 60) cover[by + Math.floor(x / block)] += 1;
      const c = 3 * (cy + Math.floor(x / cell));
      colour[c] += r;
      colour[c + 1] += g;
      colour[c + 2] += b;
    }
  }
  for (let k = 0; k < cover.length; ++k) cover[k] /= block * block;
  for (let k = 0; k < colour.length; ++k) colour[k] /= cell * cell;
  return { cover, colour };
}

// What differs between two pictures: the blocks and cells over tolerance.
export function comparePictures(a, b) {
  const ga = grids(readRgb(a)), gb = grids(readRgb(b));
  const bw = (W * SCALE) / BLOCK, cw = (W * SCALE) / CELL;
  const shape = [];
  for (let k = 0; k < ga.cover.length; ++k)
    if (Math.abs(ga.cover[k] - gb.cover[k]) > SHAPE_TOLERANCE) shape.push({ x: (k % bw) * BLOCK, y: Math.floor(k / bw) * BLOCK });
  const colour = [];
  let worst = 0;
  for (let k = 0; k < ga.colour.length / 3; ++k) {
    const d = Math.max(...[0, 1, 2].map((c) => Math.abs(ga.colour[3 * k + c] - gb.colour[3 * k + c])));
    worst = Math.max(worst, d);
    if (d > COLOUR_TOLERANCE) colour.push({ x: (k % cw) * CELL, y: Math.floor(k / cw) * CELL, d: Math.round(d) });
  }
  const ok = shape.length <= SHAPE_BLOCKS_ALLOWED && colour.length <= COLOUR_CELLS_ALLOWED;
  return { ok, shape, colour, worst: Math.round(worst) };
}

// A failure's pictures for a person: both, and a marked difference, in dir.
export function saveFailure(dir, name, a, b, result) {
  fs.mkdirSync(dir, { recursive: true });
  const stem = path.join(dir, name.replace(/[^A-Za-z0-9_-]+/g, '_'));
  toPng(a, `${stem}-imgui.png`);
  toPng(b, `${stem}-browser.png`);
  // The browser's picture with the differing blocks (red) and cells (yellow) outlined (canvas -> picture pixels).
  const draw = [];
  const box = (x, y, n) => `rectangle ${x / SCALE},${y / SCALE} ${(x + n) / SCALE - 1},${(y + n) / SCALE - 1}`;
  for (const s of result.shape) draw.push('-stroke', 'red', '-fill', 'none', '-draw', box(s.x, s.y, BLOCK));
  for (const c of result.colour) draw.push('-stroke', 'yellow', '-fill', 'none', '-draw', box(c.x, c.y, CELL));
  spawnSync('convert', [b, ...draw.slice(0, 4000), `${stem}-marked.png`]);
  return stem;
}

// The theme (theme.json beside this file, served by the feed): layout
// rectangles, palette, type sizes and the offsets inside elements (metrics), the same file the ImGui overlay loads at
// start (broadcast/theme.h). Loaded once, before the scene draws: modules that
// import it wait for it. `theme` is null when the file could not be read, and
// `themeError` says why; the page then draws nothing rather than guess.
async function load() {
  const url = new URL('theme.json', import.meta.url);
  if (url.protocol === 'file:' && typeof window === 'undefined') {
    const { readFile } = await import('node:fs/promises');  // node's tests
    return JSON.parse(await readFile(url, 'utf8'));
  }
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`theme.json: HTTP ${res.status}`);
  return res.json();
}

// Only what the painters read is checked: an element placement per layout, a
// colour and a size per name. A damaged file is refused, whole.
export function checkTheme(t) {
  const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
  if (!t || typeof t !== 'object' || t.version !== 1) return 'the theme is not version 1';
  if (!t.palette || !t.type || !t.layouts) return 'the theme lacks palette, type or layouts';
  for (const l of ['landscape', 'portrait']) {
    const e = t.layouts[l] && t.layouts[l].elements;
    if (!e) return `layouts.${l}.elements is missing`;
    for (const [name, r] of Object.entries(e))
      if (!r || !['x', 'y', 'w', 'h'].every((k) => isNum(r[k]))) return `layouts.${l}.elements.${name} is not {x, y, w, h}`;
  }
  // A layout's own canvas and metrics (portrait's), as broadcast/theme.h reads them.
  for (const [l, layout] of Object.entries(t.layouts)) {
    if (!layout || typeof layout !== 'object') return `layouts.${l} is not an object`;
    if (layout.canvas !== undefined && !(layout.canvas && isNum(layout.canvas.width) && isNum(layout.canvas.height)))
      return `layouts.${l}.canvas is not {width, height}`;
    for (const [group, m] of Object.entries(layout.metrics || {})) {
      if (!m || typeof m !== 'object') return `layouts.${l}.metrics.${group} is not an object`;
      for (const [k, v] of Object.entries(m)) if (!isNum(v)) return `layouts.${l}.metrics.${group}.${k} is not a number`;
    }
  }
  for (const [k, v] of Object.entries(t.type)) if (!isNum(v)) return `type.${k} is not a number`;
  // The offsets inside each element (the ranges are broadcast/theme.h's kThemeMetrics; the ImGui overlay refuses a value out of range).
  if (!t.metrics || typeof t.metrics !== 'object') return 'the theme lacks metrics';
  for (const [group, m] of Object.entries(t.metrics)) {
    if (group === 'about') continue;
    if (!m || typeof m !== 'object') return `metrics.${group} is not an object`;
    for (const [k, v] of Object.entries(m)) if (!isNum(v)) return `metrics.${group}.${k} is not a number`;
  }
  for (const [k, v] of Object.entries(t.palette))
    if (typeof v !== 'string' || !/^#([0-9a-f]{6}|[0-9a-f]{8})$/i.test(v)) return `palette.${k} is not a colour`;
  return null;
}

export let theme = null;
export let themeError = null;
try {
  const t = await load();
  themeError = checkTheme(t);
  if (!themeError) theme = t;
} catch (e) {
  themeError = String(e && e.message ? e.message : e);
}
if (themeError && typeof console !== 'undefined') console.error(`facedown overlay: ${themeError}`);

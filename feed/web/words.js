// The page's words: none of its own. Every on-air phrase ("PAUSED", "TO MOVE",
// "Sealed setups") comes with each document in the JSON's "phrases", rendered in
// both languages by broadcast/on_air_text.cpp, as a game's words come rendered
// from the game's table; the page picks the screen's language.

// A value the JSON may give as plain text or as {en, ko}: the screen's language.
export function pick(lang, v) {
  if (v == null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (typeof v === 'object') return String(v[lang] ?? v.en ?? v.ko ?? '');
  return '';
}

// The phrase `key` of the scene's document in its language ('' when absent).
export function phrase(sc, key) {
  const all = sc && sc.phrases && typeof sc.phrases === 'object' ? sc.phrases : {};
  return Object.prototype.hasOwnProperty.call(all, key) ? pick(sc.lang, all[key]) : '';
}

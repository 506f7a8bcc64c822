// The list behind /matches: asks the feed for its matches as JSON and links
// each to its replay page. Tolerates a bare array or {matches: [...]}.
const body = document.querySelector('#matches tbody');
const cell = (tr, text) => {
  const td = document.createElement('td');
  td.textContent = text == null ? '' : String(text);
  tr.appendChild(td);
  return td;
};
const players = (m) => (m.players || []).map((p) => (p && typeof p === 'object' ? p.name : p)).join(' vs ');

async function load() {
  const res = await fetch('/matches.json', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /matches.json: ${res.status}`);
  const data = await res.json();
  const list = Array.isArray(data) ? data : data.matches || [];
  for (const m of list) {
    const id = m.id ?? m.match;
    const tr = document.createElement('tr');
    tr.dataset.match = String(id);
    cell(tr, id);
    cell(tr, m.game_name?.en ?? m.game ?? '');
    cell(tr, players(m));
    cell(tr, m.result ? `${m.status || 'finished'}` : m.status || '');
    cell(tr, m.events ?? m.steps ?? '');
    const a = document.createElement('a');
    a.href = `/replay/${encodeURIComponent(id)}`;
    a.textContent = 'replay';
    cell(tr, '').appendChild(a);
    body.appendChild(tr);
  }
  document.getElementById('empty').hidden = list.length > 0;
}

load().catch((e) => {
  const p = document.getElementById('error');
  p.textContent = e.message;
  p.hidden = false;
});

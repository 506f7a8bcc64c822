// RFC 6902 JSON Patch, applied to a parsed JSON document: what the feed's
// versioned stream sends after a full frame (docs/on-air.md, "Patches"; the
// feed's ops are nlohmann::json::diff's: add, remove, replace, with "-" for an
// array's end). move, copy and test are here too, so any RFC 6902 patch applies.
// Invariants: the document passed in is never changed (the result is a copy;
// the page may still be drawing the old one); a patch that does not apply as a
// whole throws PatchError and yields nothing, so a page keeps the frame it has.

export class PatchError extends Error {}

// "/a/b~1c/0" -> ['a', 'b/c', '0'] (RFC 6901: ~1 is '/', ~0 is '~').
export function parsePointer(pointer) {
  if (typeof pointer !== 'string') throw new PatchError('a path must be a string');
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PatchError(`a path starts with '/': ${pointer.slice(0, 80)}`);
  return pointer.slice(1).split('/').map((t) => {
    if (/~[^01]|~$/.test(t)) throw new PatchError(`bad escape in path ${pointer.slice(0, 80)}`);
    return t.replace(/~1/g, '/').replace(/~0/g, '~');
  });
}

const isContainer = (v) => v !== null && typeof v === 'object';
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

// An array index token: "0" or digits without a leading zero, within `max`.
function index(token, max, path) {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`not an array index in ${path}`);
  const i = Number(token);
  if (i > max) throw new PatchError(`index out of range in ${path}`);
  return i;
}

function get(doc, tokens, path) {
  let node = doc;
  for (const t of tokens) {
    if (Array.isArray(node)) node = node[index(t, node.length - 1, path)];
    else if (isContainer(node) && own(node, t)) node = node[t];
    else throw new PatchError(`no value at ${path}`);
  }
  return node;
}

// The parent container of the path's last token (which must exist).
function parentOf(doc, tokens, path) {
  if (tokens.length === 0) throw new PatchError('the root has no parent');
  const parent = get(doc, tokens.slice(0, -1), path);
  if (!isContainer(parent)) throw new PatchError(`no container at ${path}`);
  return parent;
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => own(b, k) && deepEqual(a[k], b[k]));
}
export { deepEqual };

const clone = (v) => (isContainer(v) ? JSON.parse(JSON.stringify(v)) : v);

// Each op on `root` in place; returns the new root (an op on "" replaces it).
function applyOp(root, op) {
  if (!isContainer(op) || typeof op.op !== 'string') throw new PatchError('an op is an object with "op"');
  const path = op.path;
  const tokens = parsePointer(path);
  const put = (value) => {
    if (tokens.length === 0) return value;
    const parent = parentOf(root, tokens, path);
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) {
      const i = last === '-' ? parent.length : index(last, parent.length, path);
      parent.splice(i, 0, value);
    } else {
      parent[last] = value;
    }
    return root;
  };
  const take = () => {
    const parent = parentOf(root, tokens, path);
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) return parent.splice(index(last, parent.length - 1, path), 1)[0];
    if (!own(parent, last)) throw new PatchError(`no value to remove at ${path}`);
    const v = parent[last];
    delete parent[last];
    return v;
  };
  switch (op.op) {
    case 'add':
      if (!own(op, 'value')) throw new PatchError(`add without a value at ${path}`);
      return put(clone(op.value));
    case 'remove':
      if (tokens.length === 0) throw new PatchError('cannot remove the root');
      take();
      return root;
    case 'replace': {
      if (!own(op, 'value')) throw new PatchError(`replace without a value at ${path}`);
      if (tokens.length === 0) return clone(op.value);
      get(root, tokens, path);  // must exist
      const parent = parentOf(root, tokens, path);
      const last = tokens[tokens.length - 1];
      if (Array.isArray(parent)) parent[index(last, parent.length - 1, path)] = clone(op.value);
      else parent[last] = clone(op.value);
      return root;
    }
    case 'move': {
      const from = parsePointer(op.from);
      if (op.from === path) return root;
      if (path.startsWith(`${op.from}/`)) throw new PatchError(`cannot move ${op.from} into itself`);
      if (from.length === 0) throw new PatchError('cannot move the root');
      const parent = parentOf(root, from, op.from);
      const last = from[from.length - 1];
      let v;
      if (Array.isArray(parent)) v = parent.splice(index(last, parent.length - 1, op.from), 1)[0];
      else if (own(parent, last)) {
        v = parent[last];
        delete parent[last];
      } else throw new PatchError(`no value to move at ${op.from}`);
      return put(v);
    }
    case 'copy':
      return put(clone(get(root, parsePointer(op.from), op.from)));
    case 'test':
      if (!deepEqual(get(root, tokens, path), op.value)) throw new PatchError(`test failed at ${path}`);
      return root;
    default:
      throw new PatchError(`unknown op ${String(op.op).slice(0, 20)}`);
  }
}

// `doc` with `ops` applied, as a new document; throws PatchError when any op
// does not apply (nothing is half-applied: the work is on a copy).
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError('a patch is an array of ops');
  let root = clone(doc);
  for (const op of ops) root = applyOp(root, op);
  return root;
}

// The page's side of the feed's stream, either wire (docs/on-air.md, "Patches"):
//   - the old stream: each message the whole on-air frame;
//   - the versioned stream (/on-air/stream?v=2, and nchan's channel):
//     {"match","seq","id","frame":{...}} a full frame, and
//     {"match","seq","id","base","base_seq","ops":[...]} a JSON Patch (RFC 6902)
//     to apply to the frame of message `base`.
// FrameStream.accept(body) returns the frame to draw, or null when the body
// cannot be used: a patch whose base is not the frame held (a message missed:
// `needFull` is then set, and the caller reconnects to the feed, or on nchan
// waits for the next periodic full frame), or one that does not apply.
// Invariant: a frame returned is exactly the feed's frame of that id, or the
// caller gets null and keeps what it shows; nothing here throws.
import { applyPatch } from './json_patch.js';

const obj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

export class FrameStream {
  constructor() {
    this.frame = null;  // the last frame, as the feed sent or patched it
    this.id = null;     // its message id ("match.seq.sub"); null: unknown (an old-stream frame)
    this.needFull = false;
    this.patches = 0;   // applied
    this.fulls = 0;
    this.dropped = 0;   // patches that could not be applied
  }

  // The kind of a body: 'frame' (envelope), 'patch', or 'plain' (the old stream's frame).
  static kind(body) {
    if (!obj(body)) return null;
    if (Array.isArray(body.ops)) return 'patch';
    if (obj(body.frame)) return 'frame';
    return 'plain';
  }

  accept(body) {
    switch (FrameStream.kind(body)) {
      case 'frame':
        this.frame = body.frame;
        this.id = typeof body.id === 'string' ? body.id : null;
        this.needFull = false;
        this.fulls += 1;
        return this.frame;
      case 'plain':
        this.frame = body;
        this.id = null;
        this.needFull = false;
        this.fulls += 1;
        return this.frame;
      case 'patch': {
        if (this.frame == null || this.id == null || body.base !== this.id) {
          this.dropped += 1;
          this.needFull = true;
          return null;
        }
        try {
          this.frame = applyPatch(this.frame, body.ops);
        } catch (e) {
          this.dropped += 1;
          this.needFull = true;
          this.frame = null;  // not the feed's any more: wait for a full one
          this.id = null;
          return null;
        }
        this.id = typeof body.id === 'string' ? body.id : null;
        this.patches += 1;
        return this.frame;
      }
      default:
        return null;
    }
  }
}

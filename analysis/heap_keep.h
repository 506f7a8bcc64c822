// keep_freed_heap(): for the programs that analyse a match at once (the
// `facedown` CLI, analysis_bench). By default glibc gives the top of the heap
// back to the system whenever 128 KB of it is free, and a one-shot analyze()
// frees its replays' copies at the end: the next analysis faults every page in
// again (about 15 us a 4 KB page; docs/performance.md, "the one-shot path got
// slower"). This keeps up to 512 MB of freed heap and serves blocks up to
// 32 MB from it (setting the trim threshold turns off glibc's dynamic mmap
// threshold, which would otherwise stay at 128 KB). Bounded: the process's
// peak is unchanged, only not returned while it runs. Call once at start-up.
#pragma once
#include <malloc.h>

namespace facedown::analysis {

inline void keep_freed_heap() {
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
}

}  // namespace facedown::analysis

// Seeded script mutations for the fuzz test: the corpus (bundled and test
// scripts, plus random sessions of every game exported as scripts) and the
// mutators (byte flips, token swaps, odd numbers, long lines, invalid UTF-8, NUL,
// CR, open quotes, wrong arity, duplicated and deleted lines, hostile headers).
// Everything is a pure function of the seed, so a case number reproduces a case.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace fuzz {

struct Rng {
  std::uint64_t state;
  std::uint64_t next();
  // 0 <= x < n (0 when n == 0)
  std::size_t below(std::size_t n);
  // true with probability per_mille / 1000
  bool chance(int per_mille);
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[below(v.size())];
  }
};

struct CorpusScript {
  std::string name;  // file name, or "random GAME/PRESET #N"
  std::string text;
};

// The bundled scripts (assets/matches), the test scripts (tests/golden/matches,
// tests/console/scripts, the overlay's), read at run time from the source tree,
// and a few exported random sessions of every game and preset.
std::vector<CorpusScript> load_corpus();

// Random text for names and reasons: printable ASCII, Hangul, other scripts,
// quotes, backslashes, '#', spaces, tabs; with `controls`, also control
// characters (CR, LF excluded: a script line cannot hold one, NUL, ESC, DEL ...).
std::string random_text(Rng& rng, bool controls, std::size_t max_chars = 24);
// `text` as a quoted script token (escaping '"' and '\').
std::string quoted(const std::string& text);

// One mutated script. `applied` receives a short name for each mutation.
std::string mutate(const std::string& base, Rng& rng, std::vector<std::string>& applied);

// Command and header lines the mutator inserts (every verb of the contract,
// including the referee's clock/note/caption/close and `void N "r" restore`).
const std::vector<std::string>& vocabulary();

// Splits text into lines exactly as std::getline does (what `facedown play` reads).
std::vector<std::string> split_lines(const std::string& text);
// Printable form of a script for a report: bytes outside printable ASCII as \xNN,
// long runs shortened.
std::string escaped(const std::string& text, std::size_t max_bytes = 4000);

}  // namespace fuzz

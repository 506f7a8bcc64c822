#include "engine/geometry.h"

#include <cstdlib>

namespace facedown::engine {

Geometry::Geometry(int files, int ranks)
    : files_(files),
      ranks_(ranks),
      terrain_(static_cast<std::size_t>(files * ranks), kPlain),
      file_borders_(static_cast<std::size_t>(files), false) {}

std::optional<Square> Geometry::parse(std::string_view name) const {
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  char f = name[0];
  if (f >= 'A' && f <= 'Z') f = static_cast<char>(f - 'A' + 'a');
  if (f < 'a' || f > 'z') return std::nullopt;
  int rank = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
    rank = rank * 10 + (name[i] - '0');
  }
  if (name[1] == '0') return std::nullopt;
  Square s = at(f - 'a', rank - 1);
  if (s == kNoSquare) return std::nullopt;
  return s;
}

std::string Geometry::name(Square s) const {
  if (s < 0 || s >= size()) return "-";
  std::string out(1, static_cast<char>('a' + file_of(s)));
  out += std::to_string(rank_of(s) + 1);
  return out;
}

bool Geometry::border_marked(Square a, Square b) const {
  if (rank_of(a) != rank_of(b)) return false;
  int fa = file_of(a), fb = file_of(b);
  if (std::abs(fa - fb) != 1) return false;
  return file_borders_[static_cast<std::size_t>(fa < fb ? fa : fb)];
}

void Geometry::mark_file_border(int left_file) {
  file_borders_[static_cast<std::size_t>(left_file)] = true;
}

bool Geometry::file_border_marked(int left_file) const {
  return left_file >= 0 && left_file < files_ && file_borders_[static_cast<std::size_t>(left_file)];
}

}  // namespace facedown::engine

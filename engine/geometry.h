// Board geometry: a rectangle of squares named like chess ("a1" is player 1's
// left back corner), with terrain marks on squares (lakes, camps, headquarters,
// palaces) and on borders between neighbours (Number Janggi's minus lines).
// Invariant: a Square is either invalid (index -1) or inside the rectangle.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace facedown::engine {

// A square index: rank * files + file, or -1 for "none".
using Square = int;
inline constexpr Square kNoSquare = -1;

enum Terrain : std::uint8_t {
  kPlain = 0,
  kLake = 1 << 0,          // impassable (Capture Flag)
  kCamp = 1 << 1,          // pieces inside cannot be attacked (Luzhanqi)
  kHeadquarters = 1 << 2,  // owner given by territory (Luzhanqi, Gunjin)
  kPalace = 1 << 3,        // Gwangsanghui palaces
};

class Geometry {
 public:
  Geometry(int files, int ranks);

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  int size() const { return files_ * ranks_; }

  Square at(int file, int rank) const {
    return (file < 0 || rank < 0 || file >= files_ || rank >= ranks_) ? kNoSquare
                                                                       : rank * files_ + file;
  }
  int file_of(Square s) const { return s % files_; }
  int rank_of(Square s) const { return s / files_; }

  // "c5" -> square; nullopt when malformed or off the board.
  std::optional<Square> parse(std::string_view name) const;
  std::string name(Square s) const;

  // Whether pieces stand on the points where lines cross (Gwangsanghui) rather
  // than inside squares; boards are drawn accordingly, the rules do not care.
  bool on_points() const { return on_points_; }
  void set_on_points(bool on) { on_points_ = on; }
  // Whether the pieces are stones, round and all alike to look at (Hidden Hasami):
  // drawing only; what a viewer may know of a stone still comes from the views.
  bool stones() const { return stones_; }
  void set_stones(bool on) { stones_ = on; }

  std::uint8_t terrain(Square s) const { return terrain_[static_cast<std::size_t>(s)]; }
  void mark(Square s, std::uint8_t t) { terrain_[static_cast<std::size_t>(s)] |= t; }

  // A mark on the border between two orthogonal neighbours (a minus line).
  bool border_marked(Square a, Square b) const;
  // Marks the border between file f and file f+1 on every rank.
  void mark_file_border(int left_file);
  // True when the border between files f and f+1 is marked.
  bool file_border_marked(int left_file) const;

 private:
  int files_;
  int ranks_;
  std::vector<std::uint8_t> terrain_;
  std::vector<bool> file_borders_;  // index f: border between file f and f+1
  bool on_points_ = false;
  bool stones_ = false;
};

}  // namespace facedown::engine

// RGB images for screenshots and golden-image tests: write/read PNG (stb) and a
// tolerant comparison, so tests survive tiny rasteriser differences but catch a
// moved widget or a missing label.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace facedown::ui {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> pixels;  // RGB, rows top down
};

// Returns the error when the file cannot be written.
std::optional<std::string> write_png(const Image& image, const std::string& path);
// nullopt when the file is missing or not an image.
std::optional<Image> read_png(const std::string& path);
void flip_rows(Image& image);
// Luminance in all three channels (goldens are stored grey: a third of the size).
Image to_grey(const Image& image);
// Writes a grey image (as made by to_grey) as a one-channel PNG.
std::optional<std::string> write_png_grey(const Image& image, const std::string& path);
// Halves width and height by averaging 2x2 blocks (small goldens).
Image downscale2(const Image& image);

struct ImageDiff {
  bool same_size = false;
  double mean_abs = 0.0;        // mean absolute channel difference, 0..255
  double differing_share = 0.0;  // share of pixels with any channel off by > 48
};
ImageDiff compare(const Image& a, const Image& b);

}  // namespace facedown::ui

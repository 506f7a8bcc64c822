#include "ui/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <cstdlib>

namespace facedown::ui {

std::optional<std::string> write_png(const Image& image, const std::string& path) {
  if (image.width <= 0 || image.height <= 0) return "empty image, nothing written to " + path;
  if (stbi_write_png(path.c_str(), image.width, image.height, 3, image.pixels.data(),
                     image.width * 3) == 0) {
    return "cannot write " + path;
  }
  return std::nullopt;
}

std::optional<Image> read_png(const std::string& path) {
  int w = 0, h = 0, n = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &n, 3);
  if (!data) return std::nullopt;
  Image image{w, h, std::vector<unsigned char>(data, data + static_cast<std::size_t>(w * h * 3))};
  stbi_image_free(data);
  return image;
}

void flip_rows(Image& image) {
  const std::size_t row = static_cast<std::size_t>(image.width) * 3;
  for (int y = 0; y < image.height / 2; ++y) {
    auto* a = image.pixels.data() + static_cast<std::size_t>(y) * row;
    auto* b = image.pixels.data() + static_cast<std::size_t>(image.height - 1 - y) * row;
    for (std::size_t i = 0; i < row; ++i) std::swap(a[i], b[i]);
  }
}

Image to_grey(const Image& image) {
  Image out = image;
  for (std::size_t i = 0; i + 2 < out.pixels.size(); i += 3) {
    const int y = (77 * image.pixels[i] + 150 * image.pixels[i + 1] + 29 * image.pixels[i + 2]) >> 8;
    out.pixels[i] = out.pixels[i + 1] = out.pixels[i + 2] = static_cast<unsigned char>(y);
  }
  return out;
}

std::optional<std::string> write_png_grey(const Image& image, const std::string& path) {
  if (image.width <= 0 || image.height <= 0) return "empty image, nothing written to " + path;
  std::vector<unsigned char> grey(static_cast<std::size_t>(image.width * image.height));
  for (std::size_t i = 0; i < grey.size(); ++i) grey[i] = image.pixels[i * 3];
  if (stbi_write_png(path.c_str(), image.width, image.height, 1, grey.data(), image.width) == 0) {
    return "cannot write " + path;
  }
  return std::nullopt;
}

Image downscale2(const Image& image) {
  Image out{image.width / 2, image.height / 2, {}};
  out.pixels.resize(static_cast<std::size_t>(out.width * out.height * 3));
  auto px = [&](int x, int y, int c) {
    return static_cast<int>(image.pixels[static_cast<std::size_t>((y * image.width + x) * 3 + c)]);
  };
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x)
      for (int c = 0; c < 3; ++c) {
        const int sum = px(2 * x, 2 * y, c) + px(2 * x + 1, 2 * y, c) + px(2 * x, 2 * y + 1, c) +
                        px(2 * x + 1, 2 * y + 1, c);
        out.pixels[static_cast<std::size_t>((y * out.width + x) * 3 + c)] =
            static_cast<unsigned char>(sum / 4);
      }
  return out;
}

ImageDiff compare(const Image& a, const Image& b) {
  ImageDiff d;
  d.same_size = a.width == b.width && a.height == b.height;
  if (!d.same_size || a.pixels.empty()) return d;
  long long total = 0;
  long long differing = 0;
  const std::size_t n = static_cast<std::size_t>(a.width * a.height);
  for (std::size_t i = 0; i < n; ++i) {
    int worst = 0;
    for (std::size_t c = 0; c < 3; ++c) {
      const int diff = std::abs(a.pixels[i * 3 + c] - b.pixels[i * 3 + c]);
      total += diff;
      if (diff > worst) worst = diff;
    }
    if (worst > 48) ++differing;
  }
  d.mean_abs = static_cast<double>(total) / static_cast<double>(n * 3);
  d.differing_share = static_cast<double>(differing) / static_cast<double>(n);
  return d;
}

}  // namespace facedown::ui

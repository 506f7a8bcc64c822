// Shared by the clip tests: ffprobe's reading of a file, ffmpeg's decoding of
// one frame, libwebp's reading of an animated WebP, and the clip command run
// into a string.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>
#include <string>

#include "clip/render_clip.h"
#include "ui/image.h"

namespace facedown::clip::testing {

inline std::string run_command(const std::string& cmd) {
  std::string out;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::array<char, 4096> buf;
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
    ::pclose(p);
  }
  return out;
}

// ffprobe's view of the first video stream and the container: codec_name, width,
// height, r_frame_rate, nb_frames (counted by decoding), duration, and
// chapters (how many).
inline std::map<std::string, std::string> probe(const std::string& path) {
  std::map<std::string, std::string> out;
  const std::string text = run_command(std::string(FFPROBE) +
                                       " -v error -count_frames -select_streams v:0 -show_entries "
                                       "stream=codec_name,width,height,r_frame_rate,nb_read_frames,pix_fmt:format=duration"
                                       " -show_chapters -of default=nw=1 '" + path + "' 2>&1");
  std::istringstream in(text);
  std::string line;
  int chapters = 0;
  while (std::getline(in, line)) {
    if (line.rfind("end_time=", 0) == 0) ++chapters;  // chapters alone have an end
    const auto eq = line.find('=');
    if (eq != std::string::npos && !out.count(line.substr(0, eq))) out[line.substr(0, eq)] = line.substr(eq + 1);
  }
  out["chapters"] = std::to_string(chapters);
  out["text"] = text;
  return out;
}

// Frame n of a video as ffmpeg decodes it (RGB).
inline ui::Image decoded_frame(const std::string& path, long n, int width, int height) {
  ui::Image img;
  img.width = width;
  img.height = height;
  const std::string raw = run_command(std::string(FFMPEG) + " -v error -i '" + path + "' -vf 'select=eq(n\\," +
                                      std::to_string(n) + ")' -frames:v 1 -f rawvideo -pix_fmt rgb24 - 2>/dev/null");
  img.pixels.assign(raw.begin(), raw.end());
  return img;
}

// An animated WebP's canvas `ms` milliseconds in (RGBA), read with libwebp's own
// tools: Debian 12's FFmpeg (5.1) has no animated WebP decoder. `webpmux -info`
// lists the frames (size, offset, duration, blend), `webpmux -get frame` and
// `dwebp -pam` decode each, and they are composed on a transparent canvas as
// the WebP container's rules say (dispose none; blend: alpha over, else
// replace). Empty when a tool failed or the file is not what it lists.
inline std::vector<std::uint8_t> webp_canvas_at(const std::string& path, double ms, const std::string& scratch) {
  std::istringstream info(run_command(std::string(WEBPMUX) + " -info '" + path + "' 2>&1"));
  int cw = 0, ch = 0;
  struct Frame {
    int w, h, x, y, duration;
    bool blend;
  };
  std::vector<Frame> frames;
  std::string line;
  while (std::getline(info, line)) {
    if (std::sscanf(line.c_str(), "Canvas size: %d x %d", &cw, &ch) == 2) continue;
    int no = 0, w = 0, h = 0, x = 0, y = 0, d = 0;
    char alpha[8], dispose[16], blend[8];
    if (std::sscanf(line.c_str(), " %d: %d %d %7s %d %d %d %15s %7s", &no, &w, &h, alpha, &x, &y, &d, dispose, blend) == 9)
      frames.push_back({w, h, x, y, d, std::string(blend) == "yes"});
  }
  if (cw <= 0 || ch <= 0 || frames.empty()) return {};
  std::vector<std::uint8_t> canvas(static_cast<std::size_t>(cw) * static_cast<std::size_t>(ch) * 4, 0);
  double start = 0;
  for (std::size_t i = 0; i < frames.size() && start <= ms; start += frames[i].duration, ++i) {
    const Frame& f = frames[i];
    const std::string one = scratch + "/frame.webp", pam = scratch + "/frame.pam";
    run_command(std::string(WEBPMUX) + " -get frame " + std::to_string(i + 1) + " '" + path + "' -o '" + one +
                "' >/dev/null 2>&1 && " + DWEBP + " '" + one + "' -pam -o '" + pam + "' >/dev/null 2>&1");
    std::ifstream in(pam, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto end = bytes.find("ENDHDR\n");
    if (end == std::string::npos) return {};
    const std::string_view px(bytes.data() + end + 7, bytes.size() - end - 7);
    if (px.size() != static_cast<std::size_t>(f.w) * static_cast<std::size_t>(f.h) * 4 || f.x + f.w > cw ||
        f.y + f.h > ch)
      return {};
    for (int y = 0; y < f.h; ++y)
      for (int x = 0; x < f.w; ++x) {
        const auto* s = reinterpret_cast<const std::uint8_t*>(px.data()) + 4 * (static_cast<std::size_t>(y) * f.w + x);
        std::uint8_t* d = canvas.data() + 4 * (static_cast<std::size_t>(f.y + y) * cw + (f.x + x));
        if (!f.blend || s[3] == 255 || d[3] == 0) {
          std::copy(s, s + 4, d);
          continue;
        }
        // Source over destination, not premultiplied (the WebP container's blending).
        const double sa = s[3] / 255.0, da = d[3] / 255.0, oa = sa + da * (1 - sa);
        for (int k = 0; k < 3; ++k)
          d[k] = oa > 0 ? static_cast<std::uint8_t>(std::lround((s[k] * sa + d[k] * da * (1 - sa)) / oa)) : 0;
        d[3] = static_cast<std::uint8_t>(std::lround(oa * 255));
      }
  }
  return canvas;
}

// RGBA pictures over black as RGB images, for ui::compare.
inline ui::Image over_black(const std::vector<std::uint8_t>& rgba, int width, int height) {
  ui::Image img;
  img.width = width;
  img.height = height;
  for (std::size_t i = 0; i + 3 < rgba.size(); i += 4)
    for (int k = 0; k < 3; ++k)
      img.pixels.push_back(static_cast<unsigned char>(rgba[i + static_cast<std::size_t>(k)] * rgba[i + 3] / 255));
  return img;
}

// A landscape look at a small size (CI time).
inline Look small_look(overlay::Lang lang, int width, int height) {
  Look l;
  l.lang = lang;
  l.width = width;
  l.height = height;
  return l;
}

struct Ran {
  int status = 0;
  std::string out, err;
};
inline Ran run_clip(ClipArgs a) {
  std::ostringstream out, err;
  a.progress = false;
  a.executable = std::string(FACEDOWN_BINARY_DIR) + "/clip/facedown-clip";
  Ran r;
  r.status = clip(a, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace facedown::clip::testing

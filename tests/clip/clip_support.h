// Shared by the clip tests: ffprobe's reading of a file, ffmpeg's decoding of
// one frame, and the clip command run into a string.
#pragma once
#include <array>
#include <cstdio>
#include <map>
#include <sstream>
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

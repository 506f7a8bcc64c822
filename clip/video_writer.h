// VideoWriter: frames in, one finished file out, through Debian's FFmpeg
// libraries (libavcodec, libavformat, libswscale). H.264 (libx264, yuv420p,
// BT.709) in MP4 for a match or a reel; an animated GIF (a palette of the
// frame's own colours, one index kept for transparency) or an animated WebP
// (libwebp, with its alpha plane when asked) for a single battle.
//
// Invariants: nothing is ever written under the final name but a finished
// file. The frames go to a temporary name beside it (".NAME.partial-PID") and
// are renamed onto the final name only after the trailer is written and the
// file closed without error; on any failure (an unwritable folder, a full
// disk, an encoder error) or when the writer is dropped unfinished, the
// temporary file is removed. Every error is a sentence for the user.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "clip/clip_plan.h"

namespace facedown::clip {

enum class Container { kMp4, kGif, kWebp };

// From the output's extension (.mp4, .gif, .webp); nullopt otherwise.
std::optional<Container> container_for(const std::string& path);
const char* container_name(Container c);
bool container_has_alpha(Container c);  // GIF (one transparent index) and WebP

struct VideoSpec {
  std::string path;  // the final name
  Container container = Container::kMp4;
  int width = 1920, height = 1080, fps = 30;
  bool alpha = false;  // keep the picture's transparency (GIF, WebP only)
  std::vector<Chapter> chapters;  // MP4 only (ffprobe -show_chapters); titles "English / 한국어"
  double duration = 0;            // seconds, for the chapters' ends
  std::string title;              // the file's title tag
  int crf = 20;                   // H.264 quality (lower: better, larger)
  std::string preset = "veryfast";
};

class VideoWriter {
 public:
  static std::variant<std::unique_ptr<VideoWriter>, std::string> open(const VideoSpec& spec);
  ~VideoWriter();
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;

  // The next frame: RGBA rows (width*height*4, colour not premultiplied).
  // `same`: it equals the previous frame (converted once, sent again).
  std::optional<std::string> write(const std::vector<std::uint8_t>& rgba, bool same);
  // Flushes the encoder, writes the trailer, closes and renames onto the final name.
  std::optional<std::string> finish();
  std::int64_t frames() const { return frames_; }
  const std::string& temp_path() const { return temp_; }

  struct Impl;

 private:
  explicit VideoWriter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::string temp_;
  std::int64_t frames_ = 0;
  bool finished_ = false;
};

}  // namespace facedown::clip

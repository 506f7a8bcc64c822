#include "clip/video_writer.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>

namespace facedown::clip {

namespace fs = std::filesystem;

namespace {

std::string av_error(int code) {
  char buf[AV_ERROR_MAX_STRING_SIZE] = {0};
  av_strerror(code, buf, sizeof buf);
  return buf;
}

std::string lower_extension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

// A chapter title within the 255 bytes MP4's chapter list holds, cut on a UTF-8 boundary.
std::string chapter_title(const Chapter& c) {
  std::string t = c.en + " / " + c.ko;
  if (t.size() <= 255) return t;
  std::size_t n = 255;
  while (n > 0 && (static_cast<unsigned char>(t[n]) & 0xC0) == 0x80) --n;
  return t.substr(0, n);
}

// A palette of the frame's own colours (the most used of 32,768 bins of 5 bits
// a channel, each its bin's mean), every bin mapped to its nearest entry. The
// overlay is flat colour and antialiased edges, which this keeps; index 255 is
// transparent when the picture has alpha.
void quantise(const std::uint8_t* rgba, int width, int height, bool alpha, std::uint8_t* index, int index_stride,
              std::uint32_t* palette) {
  constexpr int kBins = 1 << 15;
  std::vector<std::uint32_t> count(kBins, 0);
  std::vector<std::array<std::uint64_t, 3>> sum(kBins, {0, 0, 0});
  auto bin = [](const std::uint8_t* p) { return (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3); };
  const std::size_t n = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t* p = rgba + 4 * i;
    if (alpha && p[3] < 128) continue;
    const int b = bin(p);
    ++count[static_cast<std::size_t>(b)];
    for (int k = 0; k < 3; ++k) sum[static_cast<std::size_t>(b)][static_cast<std::size_t>(k)] += p[k];
  }
  std::vector<int> used;
  for (int b = 0; b < kBins; ++b)
    if (count[static_cast<std::size_t>(b)]) used.push_back(b);
  const std::size_t slots = alpha ? 255 : 256;
  std::partial_sort(used.begin(), used.begin() + static_cast<std::ptrdiff_t>(std::min(slots, used.size())), used.end(),
                    [&](int a, int b) { return count[static_cast<std::size_t>(a)] > count[static_cast<std::size_t>(b)]; });
  const std::size_t entries = std::min(slots, used.size());
  std::vector<std::array<int, 3>> colour(entries);
  for (std::size_t e = 0; e < entries; ++e) {
    const auto b = static_cast<std::size_t>(used[e]);
    for (std::size_t k = 0; k < 3; ++k) colour[e][k] = static_cast<int>(sum[b][k] / count[b]);
    palette[e] = 0xFF000000u | static_cast<std::uint32_t>(colour[e][0]) << 16 |
                 static_cast<std::uint32_t>(colour[e][1]) << 8 | static_cast<std::uint32_t>(colour[e][2]);
  }
  // Unused entries are opaque black: FFmpeg's GIF encoder makes the palette's
  // least opaque entry the transparent one, so only 255 may be clear, and
  // only when the picture has alpha.
  for (std::size_t e = entries; e < 256; ++e) palette[e] = 0xFF000000u;
  if (alpha) palette[255] = 0;
  std::vector<std::int16_t> nearest(kBins, -1);
  for (int b : used) {
    const int r = static_cast<int>(sum[static_cast<std::size_t>(b)][0] / count[static_cast<std::size_t>(b)]);
    const int g = static_cast<int>(sum[static_cast<std::size_t>(b)][1] / count[static_cast<std::size_t>(b)]);
    const int bl = static_cast<int>(sum[static_cast<std::size_t>(b)][2] / count[static_cast<std::size_t>(b)]);
    int best = 0, best_d = 1 << 30;
    for (std::size_t e = 0; e < entries; ++e) {
      const int d = (colour[e][0] - r) * (colour[e][0] - r) + (colour[e][1] - g) * (colour[e][1] - g) +
                    (colour[e][2] - bl) * (colour[e][2] - bl);
      if (d < best_d) best_d = d, best = static_cast<int>(e);
    }
    nearest[static_cast<std::size_t>(b)] = static_cast<std::int16_t>(best);
  }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const std::uint8_t* p = rgba + 4 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x));
      std::uint8_t& out = index[static_cast<std::ptrdiff_t>(y) * index_stride + x];
      if (alpha && p[3] < 128) out = 255;
      else out = static_cast<std::uint8_t>(std::max<std::int16_t>(0, nearest[static_cast<std::size_t>(bin(p))]));
    }
}

}  // namespace

std::optional<Container> container_for(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".mp4") return Container::kMp4;
  if (ext == ".gif") return Container::kGif;
  if (ext == ".webp") return Container::kWebp;
  return std::nullopt;
}

const char* container_name(Container c) {
  switch (c) {
    case Container::kMp4: return "mp4";
    case Container::kGif: return "gif";
    case Container::kWebp: return "webp";
  }
  return "mp4";
}

bool container_has_alpha(Container c) { return c != Container::kMp4; }

struct VideoWriter::Impl {
  VideoSpec spec;
  AVFormatContext* oc = nullptr;
  AVCodecContext* enc = nullptr;
  AVStream* stream = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  SwsContext* sws = nullptr;
  bool header_written = false;
  std::int64_t pts = 0;

  ~Impl() {
    if (sws) sws_freeContext(sws);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&enc);
    if (oc) {
      if (oc->pb) avio_closep(&oc->pb);
      avformat_free_context(oc);
    }
  }

  // Sends a frame (nullptr: flush) and writes every packet that comes out.
  std::optional<std::string> encode(AVFrame* f) {
    int r = avcodec_send_frame(enc, f);
    if (r < 0) return "the encoder refused a frame: " + av_error(r);
    for (;;) {
      r = avcodec_receive_packet(enc, packet);
      if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return std::nullopt;
      if (r < 0) return "the encoder failed: " + av_error(r);
      av_packet_rescale_ts(packet, enc->time_base, stream->time_base);
      packet->stream_index = stream->index;
      r = av_interleaved_write_frame(oc, packet);
      if (r < 0) return "cannot write " + spec.path + ": " + av_error(r);
      if (oc->pb && oc->pb->error < 0) return "cannot write " + spec.path + ": " + av_error(oc->pb->error);
    }
  }
};

VideoWriter::VideoWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

VideoWriter::~VideoWriter() {
  impl_.reset();  // closes the file first
  if (!finished_ && !temp_.empty()) {
    std::error_code ec;
    fs::remove(temp_, ec);
  }
}

std::variant<std::unique_ptr<VideoWriter>, std::string> VideoWriter::open(const VideoSpec& spec) {
  if (spec.width <= 0 || spec.height <= 0 || spec.fps <= 0) return std::string("the video needs a size and a frame rate");
  // Errors come back as sentences; the libraries' own chatter (x264's
  // statistics, the muxer's second pass) is not the user's business.
  if (av_log_get_level() > AV_LOG_ERROR) av_log_set_level(AV_LOG_ERROR);
  if (spec.container == Container::kMp4 && (spec.width % 2 || spec.height % 2))
    return fmt::format("H.264 needs an even width and height (asked {}x{})", spec.width, spec.height);
  if (spec.alpha && !container_has_alpha(spec.container))
    return std::string("an MP4 (H.264) has no transparency: use .webp or .gif for a transparent picture");
  const fs::path final_path(spec.path);
  const fs::path dir = final_path.has_parent_path() ? final_path.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return fmt::format("cannot write {}: the folder {} does not exist", spec.path, dir.string());
  if (fs::is_directory(final_path, ec)) return fmt::format("cannot write {}: it is a folder", spec.path);
  auto impl = std::make_unique<Impl>();
  impl->spec = spec;
  std::unique_ptr<VideoWriter> w(new VideoWriter(std::move(impl)));
  Impl& m = *w->impl_;
  w->temp_ = (dir / ("." + final_path.filename().string() + ".partial-" + std::to_string(::getpid()))).string();

  const char* format_name = container_name(spec.container);
  int r = avformat_alloc_output_context2(&m.oc, nullptr, format_name, w->temp_.c_str());
  if (r < 0 || !m.oc) return fmt::format("no {} writer in this FFmpeg: {}", format_name, av_error(r));
  const AVCodec* codec = nullptr;
  AVPixelFormat pix = AV_PIX_FMT_YUV420P;
  switch (spec.container) {
    case Container::kMp4:
      codec = avcodec_find_encoder_by_name("libx264");
      break;
    case Container::kGif:
      codec = avcodec_find_encoder(AV_CODEC_ID_GIF);
      pix = AV_PIX_FMT_PAL8;
      break;
    case Container::kWebp:
      codec = avcodec_find_encoder_by_name("libwebp_anim");
      pix = spec.alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P;
      break;
  }
  if (!codec) return fmt::format("no {} encoder in this FFmpeg (Debian's libavcodec59 has it)", format_name);
  m.stream = avformat_new_stream(m.oc, nullptr);
  m.enc = avcodec_alloc_context3(codec);
  m.frame = av_frame_alloc();
  m.packet = av_packet_alloc();
  if (!m.stream || !m.enc || !m.frame || !m.packet) return std::string("out of memory starting the encoder");
  m.enc->width = spec.width;
  m.enc->height = spec.height;
  m.enc->pix_fmt = pix;
  m.enc->time_base = AVRational{1, spec.fps};
  m.enc->framerate = AVRational{spec.fps, 1};
  m.stream->time_base = m.enc->time_base;
  m.stream->avg_frame_rate = m.enc->framerate;
  if (spec.container == Container::kMp4) {
    m.enc->gop_size = 2 * spec.fps;
    m.enc->colorspace = AVCOL_SPC_BT709;
    m.enc->color_primaries = AVCOL_PRI_BT709;
    m.enc->color_trc = AVCOL_TRC_BT709;
    m.enc->color_range = AVCOL_RANGE_MPEG;
    av_opt_set(m.enc->priv_data, "preset", spec.preset.c_str(), 0);
    av_opt_set(m.enc->priv_data, "tune", "animation", 0);
    av_opt_set(m.enc->priv_data, "crf", std::to_string(spec.crf).c_str(), 0);
  }
  if (spec.container == Container::kWebp) {
    av_opt_set_int(m.enc->priv_data, "lossless", 0, 0);
    av_opt_set(m.enc->priv_data, "preset", "drawing", 0);
    m.enc->global_quality = 80 * FF_QP2LAMBDA;
  }
  if (m.oc->oformat->flags & AVFMT_GLOBALHEADER) m.enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  r = avcodec_open2(m.enc, codec, nullptr);
  if (r < 0) return fmt::format("cannot start the {} encoder: {}", codec->name, av_error(r));
  r = avcodec_parameters_from_context(m.stream->codecpar, m.enc);
  if (r < 0) return "cannot describe the video stream: " + av_error(r);

  m.frame->format = pix;
  m.frame->width = spec.width;
  m.frame->height = spec.height;
  r = av_frame_get_buffer(m.frame, 0);
  if (r < 0) return "out of memory for a frame: " + av_error(r);
  if (pix != AV_PIX_FMT_PAL8) {
    m.sws = sws_getContext(spec.width, spec.height, AV_PIX_FMT_RGBA, spec.width, spec.height, pix, SWS_BILINEAR,
                           nullptr, nullptr, nullptr);
    if (!m.sws) return std::string("cannot start the colour conversion (libswscale)");
    if (spec.container == Container::kMp4) {
      const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
      sws_setColorspaceDetails(m.sws, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
    }
  }

  if (!spec.title.empty()) av_dict_set(&m.oc->metadata, "title", spec.title.c_str(), 0);
  if (spec.container == Container::kMp4 && !spec.chapters.empty()) {
    const auto n = spec.chapters.size();
    m.oc->chapters = static_cast<AVChapter**>(av_calloc(n, sizeof(AVChapter*)));
    if (!m.oc->chapters) return std::string("out of memory for the chapters");
    for (std::size_t i = 0; i < n; ++i) {
      auto* ch = static_cast<AVChapter*>(av_mallocz(sizeof(AVChapter)));
      if (!ch) return std::string("out of memory for the chapters");
      m.oc->chapters[i] = ch;
      m.oc->nb_chapters = static_cast<unsigned>(i + 1);
      ch->id = static_cast<std::int64_t>(i);
      ch->time_base = AVRational{1, 1000};
      ch->start = std::llround(spec.chapters[i].start * 1000);
      ch->end = std::llround((i + 1 < n ? spec.chapters[i + 1].start : spec.duration) * 1000);
      av_dict_set(&ch->metadata, "title", chapter_title(spec.chapters[i]).c_str(), 0);
    }
  }

  r = avio_open(&m.oc->pb, w->temp_.c_str(), AVIO_FLAG_WRITE);
  if (r < 0) return fmt::format("cannot write {}: {}", spec.path, av_error(r));
  AVDictionary* options = nullptr;
  if (spec.container == Container::kMp4) av_dict_set(&options, "movflags", "+faststart", 0);
  if (spec.container == Container::kGif || spec.container == Container::kWebp) av_dict_set(&options, "loop", "0", 0);
  r = avformat_write_header(m.oc, &options);
  av_dict_free(&options);
  if (r < 0) return fmt::format("cannot write {}: {}", spec.path, av_error(r));
  m.header_written = true;
  return w;
}

std::optional<std::string> VideoWriter::write(const std::vector<std::uint8_t>& rgba, bool same) {
  Impl& m = *impl_;
  const auto need = static_cast<std::size_t>(m.spec.width) * static_cast<std::size_t>(m.spec.height) * 4;
  if (rgba.size() != need) return std::string("a frame of the wrong size");
  if (!same || frames_ == 0) {
    int r = av_frame_make_writable(m.frame);
    if (r < 0) return "out of memory for a frame: " + av_error(r);
    if (m.sws) {
      const std::uint8_t* src[1] = {rgba.data()};
      const int stride[1] = {4 * m.spec.width};
      sws_scale(m.sws, src, stride, 0, m.spec.height, m.frame->data, m.frame->linesize);
    } else {
      quantise(rgba.data(), m.spec.width, m.spec.height, m.spec.alpha, m.frame->data[0], m.frame->linesize[0],
               reinterpret_cast<std::uint32_t*>(m.frame->data[1]));
    }
  }
  m.frame->pts = m.pts++;
  if (auto err = m.encode(m.frame)) return err;
  ++frames_;
  return std::nullopt;
}

std::optional<std::string> VideoWriter::finish() {
  Impl& m = *impl_;
  if (auto err = m.encode(nullptr)) return err;
  int r = av_write_trailer(m.oc);
  if (r < 0) return fmt::format("cannot finish {}: {}", m.spec.path, av_error(r));
  if (m.oc->pb->error < 0) return fmt::format("cannot write {}: {}", m.spec.path, av_error(m.oc->pb->error));
  r = avio_closep(&m.oc->pb);
  if (r < 0) return fmt::format("cannot write {}: {}", m.spec.path, av_error(r));
  std::error_code ec;
  fs::rename(temp_, m.spec.path, ec);
  if (ec) return fmt::format("cannot put the finished video at {}: {}", m.spec.path, ec.message());
  finished_ = true;
  return std::nullopt;
}

}  // namespace facedown::clip

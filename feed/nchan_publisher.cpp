#include "feed/nchan_publisher.h"

#include <httplib.h>

#include <optional>
#include <vector>

namespace facedown::feed {

std::variant<std::unique_ptr<NchanPublisher>, std::string> NchanPublisher::start(const MessageLog& log,
                                                                                 PublishOptions o) {
  const std::string scheme = "http://";
  if (o.url.rfind(scheme, 0) != 0)
    return "--publish takes an http:// URL of nchan's publisher location, not '" + o.url + "'";
  const auto slash = o.url.find('/', scheme.size());
  if (slash == std::string::npos || slash == scheme.size())
    return "--publish: '" + o.url + "' names no host and path (http://127.0.0.1:8090/pub/on-air)";
  std::string origin = o.url.substr(0, slash);
  std::string path = o.url.substr(slash);
  std::unique_ptr<NchanPublisher> p(new NchanPublisher(log, std::move(o), std::move(origin), std::move(path)));
  p->thread_ = std::thread([raw = p.get()] { raw->run(); });
  return p;
}

NchanPublisher::NchanPublisher(const MessageLog& log, PublishOptions o, std::string origin, std::string path)
    : log_(log), options_(std::move(o)), origin_(std::move(origin)), path_(std::move(path)) {}

NchanPublisher::~NchanPublisher() { stop(); }

void NchanPublisher::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void NchanPublisher::run() {
  httplib::Client cli(origin_);
  cli.set_keep_alive(true);
  // Headers and body go out in separate writes: without this, Nagle holds the
  // body until nginx's delayed ACK (40 ms or more a message).
  cli.set_tcp_nodelay(true);
  cli.set_connection_timeout(std::chrono::seconds(2));
  cli.set_read_timeout(std::chrono::seconds(5));
  cli.set_write_timeout(std::chrono::seconds(5));
  std::optional<EventId> last;
  std::vector<Message> pending;
  bool failing = false;
  while (!stopping_ && !log_.stopped()) {
    if (pending.empty()) pending = log_.wait_since(last, std::chrono::seconds(1));
    // Far behind (nchan slower than the commits): the latest alone, which holds
    // the whole model, rather than a lag that grows without end. A few at a
    // time (a move and its battle in one commit) all go, so animations play.
    if (pending.size() > options_.max_backlog) {
      skipped_ += static_cast<std::int64_t>(pending.size() - 1);
      pending.erase(pending.begin(), pending.end() - 1);
    }
    std::size_t sent = 0;
    for (const auto& m : pending) {
      if (stopping_) return;
      // A patch only on top of what this publisher last sent (its base): after
      // a skip or a failure the next message goes whole.
      const bool as_patch = last && !m.full && !m.patch.empty() && m.base == *last;
      auto r = cli.Post(path_, wire_body(m, as_patch), "application/json");
      if (!r || r->status < 200 || r->status >= 300) {
        if (options_.log && !failing)
          options_.log("publishing to " + options_.url + " failed (" +
                       (r ? "status " + std::to_string(r->status) : httplib::to_string(r.error())) +
                       "); retrying with the latest message");
        failing = true;
        break;
      }
      if (failing && options_.log) options_.log("publishing to " + options_.url + " again");
      failing = false;
      last = m.id;
      ++sent;
      ++published_;
    }
    if (sent == pending.size()) {
      pending.clear();
      continue;
    }
    // nchan down or refusing: wait, then send the latest model (it holds all).
    ++failures_;
    for (auto waited = std::chrono::milliseconds(0); waited < options_.retry && !stopping_;
         waited += std::chrono::milliseconds(50))
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    pending.clear();
    if (auto latest = log_.latest(); latest && (!last || latest->id != *last)) pending.push_back(*latest);
  }
}

}  // namespace facedown::feed

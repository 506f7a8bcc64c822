#include "feed/on_air_flat.h"

#include <cmath>

#include "broadcast/model.h"

namespace facedown::feed {

namespace {

using nlohmann::json;

// A value as text: strings as they are, numbers without a needless ".0",
// booleans as "true"/"false", null (or missing) as "".
std::string text(const json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::floor(d) == d && std::fabs(d) < 1e15) return std::to_string(static_cast<std::int64_t>(d));
    return v.dump();
  }
  return v.dump();
}

const json& at(const json& o, const char* key) {
  static const json null_value;
  if (!o.is_object()) return null_value;
  auto it = o.find(key);
  return it == o.end() ? null_value : *it;
}

const json& at(const json& o, std::size_t i) {
  static const json null_value;
  return o.is_array() && i < o.size() ? o[i] : null_value;
}

// {en, ko} in the asked language (else the other, else a plain string).
std::string words(const json& v, const std::string& lang) {
  if (v.is_string()) return v.get<std::string>();
  if (!v.is_object()) return "";
  const json& w = at(v, lang.c_str());
  return w.is_null() ? text(at(v, lang == "en" ? "ko" : "en")) : text(w);
}

// The battle's caption lines in the language, joined by " / ".
std::string caption_lines(const json& caption, const std::string& lang) {
  const json& lines = at(caption, lang.c_str());
  std::string out;
  if (!lines.is_array()) return out;
  for (const auto& l : lines) {
    if (!out.empty()) out += " / ";
    out += text(l);
  }
  return out;
}

}  // namespace

FlatFields flat_fields(const json& doc, const std::string& lang, double now) {
  FlatFields f;
  auto put = [&f](std::string name, std::string value) { f.emplace_back(std::move(name), std::move(value)); };
  put("match", text(at(doc, "match")));
  put("seq", text(at(doc, "seq")));
  put("opened", text(at(doc, "opened")));
  put("message", words(at(doc, "message"), lang));
  // The documented words (docs/on-air.md): the engine's "finished" is "ended" on air.
  const std::string status = text(at(doc, "status"));
  put("status", status == "finished" ? "ended" : status);
  put("banner", text(at(doc, "banner")));
  put("standby", text(at(doc, "standby")));
  put("held", text(at(doc, "held")));
  put("paused", text(at(doc, "paused")));
  put("game", words(at(at(doc, "game"), "name"), lang));
  put("preset", text(at(at(doc, "game"), "preset")));
  put("ply", text(at(doc, "ply")));
  put("to_move", text(at(doc, "to_move")));
  const json& players = at(doc, "players");
  // The game's counters, in its order (Number Janggi's blind, plus, minus): one field each.
  std::vector<std::string> counters;
  if (const json& order = at(at(doc, "items"), "order"); order.is_array())
    for (const json& name : order)
      if (name.is_string()) counters.push_back(name.get<std::string>());
  for (std::size_t i = 0; i < 2; ++i) {
    const json& p = at(players, i);
    const std::string n = "p" + std::to_string(i + 1) + "_";
    put(n + "name", text(at(p, "name")));
    put(n + "to_move", text(at(p, "to_move")));
    put(n + "warnings", text(at(p, "warnings")));
    put(n + "warnings_to_dq", text(at(p, "warnings_to_dq")));
    for (const std::string& c : counters) put(n + c + "_left", text(at(at(p, "items_left"), c.c_str())));
    put(n + "removed", text(at(p, "removed_total")));
  }
  // The clock at the request's moment, counted from the document's as the page does.
  const json& c = at(doc, "clock");
  const bool visible = at(c, "visible").is_boolean() && at(c, "visible").get<bool>();
  const bool running = at(c, "running").is_boolean() && at(c, "running").get<bool>();
  const bool down = at(c, "counts_down").is_boolean() && at(c, "counts_down").get<bool>();
  double seconds = at(c, "seconds").is_number() ? at(c, "seconds").get<double>() : 0.0;
  const double as_of = at(doc, "now").is_number() ? at(doc, "now").get<double>() : now;
  if (visible && running) seconds = down ? seconds - std::max(0.0, now - as_of) : seconds + std::max(0.0, now - as_of);
  if (down) seconds = std::max(0.0, seconds);
  put("clock_visible", visible ? "true" : "false");
  put("clock_text", visible ? broadcast::format_clock(seconds, down) : "");
  put("clock_seconds", visible ? std::to_string(static_cast<std::int64_t>(down ? std::ceil(seconds - 1e-9)
                                                                                : std::floor(seconds + 1e-9)))
                               : "");
  put("clock_counts_down", visible ? (down ? "true" : "false") : "");
  put("clock_running", visible ? (running ? "true" : "false") : "");
  put("clock_level", visible ? text(at(c, "level")) : "");
  put("clock_to_move", text(at(c, "to_move")));
  const json& w = at(doc, "warning");
  put("warning_player", text(at(w, "player")));
  put("warning_kind", words(at(w, "kind_text"), lang));
  put("warning_text", words(at(w, "text"), lang));
  put("warning_total", text(at(w, "total")));
  put("warning_of", text(at(w, "of")));
  put("warning_toast", text(at(w, "toast")));
  const json& used = at(at(doc, "items"), "used");
  const json& last_item = used.is_array() && !used.empty() ? used.back() : json();
  put("items_used", used.is_array() ? std::to_string(used.size()) : "0");
  put("item_last_player", text(at(last_item, "player")));
  put("item_last", words(at(at(at(doc, "items"), "names"), text(at(last_item, "item")).c_str()), lang));
  put("item_last_text", words(at(last_item, "text"), lang));
  const json& b = at(doc, "battle");
  put("battle_seq", text(at(b, "seq")));
  put("battle_kind", text(at(b, "kind")));
  put("battle_phase", text(at(b, "phase")));
  put("battle_text", caption_lines(at(b, "caption"), lang));
  const json& r = at(doc, "result");
  put("result_winner", text(at(r, "winner")));
  put("result_reason", text(at(r, "reason")));
  put("result_headline", words(at(r, "headline"), lang));
  put("result_sentence", words(at(r, "sentence"), lang));
  put("result_shown", text(at(r, "shown")));
  put("caption", text(at(doc, "caption")));
  return f;
}

std::string flat_xml(const FlatFields& fields) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<on-air>\n";
  for (const auto& [name, value] : fields) {
    out += "  <" + name + ">";
    for (char ch : value) {
      switch (ch) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default:
          // Control characters are not allowed in XML 1.0 text.
          if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t') out += ' ';
          else out += ch;
      }
    }
    out += "</" + name + ">\n";
  }
  out += "</on-air>\n";
  return out;
}

std::string flat_csv(const FlatFields& fields) {
  auto cell = [](const std::string& v) {
    if (v.find_first_of(",\"\r\n") == std::string::npos) return v;
    std::string q = "\"";
    for (char ch : v) {
      if (ch == '"') q += '"';
      q += ch;
    }
    return q + "\"";
  };
  std::string names, values;
  for (const auto& [name, value] : fields) {
    if (!names.empty()) {
      names += ',';
      values += ',';
    }
    names += name;
    values += cell(value);
  }
  // A UTF-8 byte order mark first: without it Excel and other Windows tools
  // read the file as the local code page and the Hangul names break.
  return "\xEF\xBB\xBF" + names + "\r\n" + values + "\r\n";
}

}  // namespace facedown::feed

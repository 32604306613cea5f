// Stats storage: a small ordered vector is enough (tens of keys per run) and keeps insertion order.
#include "util/Stats.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace argus {

Stats::Value* Stats::find(const std::string& key) {
  for (auto& [k, v] : entries_)
    if (k == key) return &v;
  return nullptr;
}

const Stats::Value* Stats::find(const std::string& key) const {
  for (const auto& [k, v] : entries_)
    if (k == key) return &v;
  return nullptr;
}

Stats::Value& Stats::slot(const std::string& key, Value init) {
  if (Value* v = find(key)) return *v;
  entries_.emplace_back(key, std::move(init));
  return entries_.back().second;
}

void Stats::add(const std::string& key, int64_t delta) {
  std::lock_guard<std::mutex> lock(mutex_);
  Value& v = slot(key, int64_t{0});
  if (auto* i = std::get_if<int64_t>(&v)) *i += delta;
}

void Stats::addTime(const std::string& key, double seconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  Value& v = slot(key, 0.0);
  if (auto* d = std::get_if<double>(&v)) *d += seconds;
}

void Stats::setMax(const std::string& key, int64_t value) {
  std::lock_guard<std::mutex> lock(mutex_);
  Value& v = slot(key, value);
  if (auto* i = std::get_if<int64_t>(&v)) *i = std::max(*i, value);
}

void Stats::set(const std::string& key, Value value) {
  std::lock_guard<std::mutex> lock(mutex_);
  slot(key, value) = value;
}

int64_t Stats::getInt(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const Value* v = find(key);
  if (!v) return 0;
  if (auto* i = std::get_if<int64_t>(v)) return *i;
  if (auto* d = std::get_if<double>(v)) return static_cast<int64_t>(*d);
  return 0;
}

double Stats::getDouble(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const Value* v = find(key);
  if (!v) return 0.0;
  if (auto* d = std::get_if<double>(v)) return *d;
  if (auto* i = std::get_if<int64_t>(v)) return static_cast<double>(*i);
  return 0.0;
}

std::string Stats::getString(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const Value* v = find(key);
  if (!v) return "";
  if (auto* s = std::get_if<std::string>(v)) return *s;
  if (auto* i = std::get_if<int64_t>(v)) return std::to_string(*i);
  return fmt::format("{:.3f}", std::get<double>(*v));
}

bool Stats::has(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return find(key) != nullptr;
}

void Stats::merge(const Stats& other, const std::string& prefix) {
  for (auto& [k, v] : other.entries()) {
    std::string key = prefix.empty() ? k : prefix + "." + k;
    std::visit(
        [&](auto&& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, int64_t>) add(key, x);
          else if constexpr (std::is_same_v<T, double>) addTime(key, x);
          else set(key, x);
        },
        v);
  }
}

std::vector<std::pair<std::string, Stats::Value>> Stats::entries() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_;
}

nlohmann::json Stats::toJson() const {
  nlohmann::json out = nlohmann::json::object();
  for (auto& [k, v] : entries()) std::visit([&, key = k](auto&& x) { out[key] = x; }, v);
  return out;
}

std::string Stats::toText() const {
  std::string out;
  for (auto& [k, v] : entries()) {
    out += k + ": ";
    std::visit(
        [&](auto&& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, double>) out += fmt::format("{:.3f}", x);
          else if constexpr (std::is_same_v<T, int64_t>) out += std::to_string(x);
          else out += x;
        },
        v);
    out += '\n';
  }
  return out;
}

}  // namespace argus

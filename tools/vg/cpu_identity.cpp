// Reads the processor's name and identifiers from /proc/cpuinfo (the first processor's block).
#include "cpu_identity.hpp"

#include <fstream>
#include <map>
#include <string>

namespace vg::tool {

namespace {

// "key\t: value" lines of the first processor's block, keys without their padding.
std::map<std::string, std::string> first_processor_fields() {
  std::map<std::string, std::string> fields;
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() && !fields.empty()) break;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
    std::string value = colon + 1 < line.size() ? line.substr(colon + 1) : "";
    if (!value.empty() && value.front() == ' ') value.erase(0, 1);
    fields.emplace(key, value);
  }
  return fields;
}

}  // namespace

std::string cpu_identity() {
  const std::map<std::string, std::string> f = first_processor_fields();
  auto field = [&](const char* key) {
    const auto it = f.find(key);
    return it == f.end() ? std::string() : it->second;
  };
  std::string ids;
  if (!field("vendor_id").empty()) {
    ids = field("vendor_id") + " family " + field("cpu family") + " model " + field("model") +
          " stepping " + field("stepping");
  } else if (!field("CPU implementer").empty()) {
    ids = "implementer " + field("CPU implementer") + " part " + field("CPU part");
  }
  std::string name = field("model name");
  if (name.empty()) name = ids.empty() ? "unknown" : "";
  if (ids.empty()) return name;
  return name.empty() ? ids : name + " (" + ids + ")";
}

}  // namespace vg::tool

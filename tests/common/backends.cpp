// Asks the library's registry which backends can run here; tests never hard-code the list.
#include "common/backends.hpp"

#include "vg/cpu.hpp"

namespace vg::test {

std::vector<std::string> runnable_backends() {
  std::vector<std::string> names;
  for (const auto& b : vg::backends())
    if (b.runnable) names.emplace_back(b.name);
  return names;
}

std::string gtest_safe_name(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!ok) c = '_';
  }
  return out;
}

}  // namespace vg::test

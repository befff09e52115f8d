// Asks the library's registry which backends and variants can run here; tests never hard-code
// the list.
#include "common/backends.hpp"

#include "dispatch/registry.hpp"
#include "vg/cpu.hpp"

namespace vg::test {

std::vector<std::string> runnable_backends() {
  std::vector<std::string> names;
  for (const auto& b : vg::backends()) {
    if (!b.runnable) continue;
    std::size_t variants = 0;
    for (const vg::detail::backend* t : vg::detail::all_gcm_tables()) {
      if (t->name != b.name || t->gcm_variant.empty()) continue;
      names.push_back(std::string(b.name) + "/" + std::string(t->gcm_variant));
      ++variants;
    }
    if (variants < 2) {  // built one way: its plain name
      names.resize(names.size() - variants);
      names.emplace_back(b.name);
    }
  }
  return names;
}

std::string_view backend_of(std::string_view name) {
  return name.substr(0, name.find('/'));
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

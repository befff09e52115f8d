// The every-backend fixture's set-up and checks.
#include "cross/every_backend.hpp"

#include "common/backends.hpp"
#include "common/memcheck.hpp"

namespace vg::test {

void EveryBackendTest::SetUp() {
  const vg::algorithm alg = GetParam();
  key_bytes_ = prng(0x6b6579 + static_cast<std::uint64_t>(alg)).bytes(vg::key_length(alg));
  for (const std::string& name : runnable_backends()) {
    backend_key& k = keys_.emplace_back(backend_key{name, {}});
    poison(key_bytes_.data(), key_bytes_.size());  // the expanded state stays secret
    const vg::status st = vg::aead_key::create(alg, key_bytes_, k.key, name);
    unpoison(key_bytes_.data(), key_bytes_.size());
    ASSERT_EQ(st, vg::status::ok) << "backend " << name << " is listed runnable but refused a key";
    ASSERT_EQ(k.key.backend_name(), backend_of(name));
  }
}

prng EveryBackendTest::data_rng(std::uint64_t salt) const {
  return prng(salt * 1000003 + static_cast<std::uint64_t>(GetParam()));
}

void EveryBackendTest::check(const std::string& backend, const std::string& error) {
  ++checks_;
  if (!error.empty()) log_.add(backend, error);
}

void EveryBackendTest::check_everywhere(const bytes& sealed, const message& m, const layout& l) {
  for (const backend_key& k : keys_) check(k.backend, check_against_expected(k.key, sealed, m, l));
}

}  // namespace vg::test

// Adapters from the vector suites to the library and to the spec.
//
// Library: open() writes into a buffer pre-filled with 0xa5, so a test can see that a rejected
// message leaves nothing but zeros (the API promises `out` is zeroed on status::auth).
// Spec: vg::spec has preconditions instead of statuses (IV >= 1 byte, tag in SP 800-38D's set,
// GCM-SIV nonce 12);
// the adapter turns a violated precondition into the status the library must return, and only then
// calls the spec, so the spec itself is never called outside its contract.
#include "vectors/implementation.hpp"

#include "common/backends.hpp"
#include "common/tag_lengths.hpp"
#include "spec/spec.hpp"

namespace vg::test {
namespace {

bool is_siv(vg::algorithm alg) {
  return alg == vg::algorithm::aes_128_gcm_siv || alg == vg::algorithm::aes_256_gcm_siv;
}

class library_implementation final : public implementation {
 public:
  explicit library_implementation(std::string backend) : backend_(std::move(backend)) {}

  vg::status set_key(vg::algorithm alg, const bytes& key) override {
    return vg::aead_key::create(alg, key, key_, backend_);
  }

  seal_result seal(const bytes& iv, const bytes& aad, const bytes& msg,
                   std::size_t tag_len) override {
    seal_result r;
    r.ct.assign(msg.size(), 0);
    r.tag.assign(tag_len, 0);
    r.st = key_.seal(iv, aad, msg, r.ct, r.tag);
    return r;
  }

  open_result open(const bytes& iv, const bytes& aad, const bytes& ct, const bytes& tag) override {
    open_result r;
    r.pt.assign(ct.size(), 0xa5);
    r.st = key_.open(iv, aad, ct, r.pt, tag);
    return r;
  }

 private:
  std::string backend_;
  vg::aead_key key_;
};

class spec_implementation final : public implementation {
 public:
  vg::status set_key(vg::algorithm alg, const bytes& key) override {
    const std::size_t want = vg::key_length(alg);
    if (want == 0) return vg::status::argument;
    if (key.size() != want) return vg::status::key_length;
    alg_ = alg;
    key_ = key;
    return vg::status::ok;
  }

  seal_result seal(const bytes& iv, const bytes& aad, const bytes& msg,
                   std::size_t tag_len) override {
    seal_result r;
    r.st = check(iv.size(), tag_len);
    if (r.st != vg::status::ok) return r;
    const bytes out = is_siv(alg_) ? spec::gcm_siv_seal(key_, iv, aad, msg)
                                   : spec::gcm_seal(key_, iv, aad, msg, tag_len);
    r.ct.assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(msg.size()));
    r.tag.assign(out.begin() + static_cast<std::ptrdiff_t>(msg.size()), out.end());
    return r;
  }

  open_result open(const bytes& iv, const bytes& aad, const bytes& ct, const bytes& tag) override {
    open_result r;
    r.st = check(iv.size(), tag.size());
    if (r.st != vg::status::ok) return r;
    const auto pt = is_siv(alg_) ? spec::gcm_siv_open(key_, iv, aad, ct, tag)
                                 : spec::gcm_open(key_, iv, aad, ct, tag);
    if (pt) {
      r.pt = *pt;
    } else {
      r.st = vg::status::auth;
      r.pt.assign(ct.size(), 0);  // the spec releases nothing; mirror the library's contract
    }
    return r;
  }

 private:
  vg::status check(std::size_t iv_len, std::size_t tag_len) const {
    if (is_siv(alg_)) {
      if (iv_len != 12) return vg::status::nonce_length;
      if (tag_len != 16) return vg::status::tag_length;
    } else {
      if (iv_len == 0) return vg::status::nonce_length;
      if (!test::gcm_tag_length_in_standard(tag_len)) return vg::status::tag_length;
    }
    return vg::status::ok;
  }

  vg::algorithm alg_ = vg::algorithm::aes_128_gcm;
  bytes key_;
};

}  // namespace

std::unique_ptr<implementation> make_implementation(const std::string& name) {
  if (name == kSpecName) return std::make_unique<spec_implementation>();
  return std::make_unique<library_implementation>(name);
}

std::vector<std::string> implementations_under_test() {
  auto names = runnable_backends();
  names.emplace_back(kSpecName);
  return names;
}

}  // namespace vg::test

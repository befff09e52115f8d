// Keeps the x86 GCM-SIV stack scrub honest: the scrub after each kernel call (x86/siv_kernel.inc)
// zeroes a fixed number of bytes below the entry point, chosen from the kernels' measured depth
// plus a margin. Here the kernels run WITHOUT the scrub (the table each backend TU exports for
// this test) over short-path and long-path lengths, seal, open and open_verify, AES-128 and
// AES-256, and the deepest byte they wrote below a painted stack must stay at least kMargin bytes
// above the scrub's depth. A compiler or code change that deepens the frames fails here before
// key material can escape the scrub (tests/hygiene/siv_stack_test.cpp checks the outcome itself).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "hygiene/stack_probe.hpp"
#include "vg/cpu.hpp"

namespace vg::detail {
extern const siv_ops siv_ops_aesni_avx_unscrubbed;
extern const siv_ops siv_ops_vaes_avx2_unscrubbed;
extern const siv_ops siv_ops_vaes_avx512_unscrubbed;
extern const std::size_t siv_scrub_bytes_aesni_avx[2];
extern const std::size_t siv_scrub_bytes_vaes_avx2[2];
extern const std::size_t siv_scrub_bytes_vaes_avx512[2];
}  // namespace vg::detail

namespace {

// Bytes the scrub must reach beyond the deepest write seen: short path, long path. The short path
// is where the scrub's cost shows (16 B seal: 8-24 vector stores), so its margin is smaller.
constexpr std::size_t kMargin[2] = {256, 512};

struct scrubbed_kernel {
  const char* name;
  const vg::detail::siv_ops* ops;
  const std::size_t* scrub_bytes;  // {short path, long path}
};

void PrintTo(const scrubbed_kernel& k, std::ostream* os) {
  *os << k.name;
}

struct alignas(64) key_state {
  unsigned char b[vg::detail::key_state_bytes];
};

enum class call { seal, open, open_verify };

[[gnu::noinline]] void run_kernel(const vg::detail::siv_ops& ops, const key_state& st, call c,
                                  const std::vector<std::uint8_t>& aad,
                                  const std::vector<std::uint8_t>& in,
                                  std::vector<std::uint8_t>& out) {
  static const std::uint8_t nonce[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  std::uint8_t tag[16] = {0x42};
  std::uint8_t expected[16];
  switch (c) {
    case call::seal:
      ops.seal(&st, nonce, aad.data(), aad.size(), in.data(), out.data(), in.size(), tag);
      break;
    case call::open:
      ops.open(&st, nonce, aad.data(), aad.size(), in.data(), out.data(), in.size(), tag, expected);
      break;
    case call::open_verify:
      (void)ops.open_verify(&st, nonce, aad.data(), aad.size(), in.data(), out.data(), in.size(),
                            tag);
      break;
  }
}

bool runnable(const char* name) {
  for (const auto& b : vg::backends())
    if (b.name == name) return b.runnable;
  return false;
}

class SivScrubDepth : public testing::TestWithParam<scrubbed_kernel> {};

TEST_P(SivScrubDepth, KernelFramesStayWithinTheScrub) {
  const scrubbed_kernel& k = GetParam();
  if (!runnable(k.name)) GTEST_SKIP() << k.name << " cannot run here";
  if (!vg::test::stack_scan_meaningful())
    GTEST_SKIP() << "scanning below the stack pointer is meaningless under sanitizers/valgrind";
  struct shape {
    std::size_t aad, len;
  };
  const shape short_shapes[] = {{0, 0}, {0, 16}, {13, 1}, {16, 16}, {16, 0}};
  const shape long_shapes[] = {{13, 17},     {0, 1024}, {13, 16384}, {1000, 100},
                               {4096, 4096}, {17, 0},   {0, 257},    {13, 16384 + 200}};
  std::vector<unsigned char> region(vg::test::kRegion);
  std::size_t deepest[2] = {0, 0};
  for (std::size_t key_len : {std::size_t{16}, std::size_t{32}}) {
    key_state st{};
    std::vector<std::uint8_t> key(key_len, 0x6b);
    k.ops->setup(&st, key.data(), key_len);
    for (int path = 0; path < 2; ++path) {
      const shape* begin = path ? long_shapes : short_shapes;
      const shape* end = path ? std::end(long_shapes) : std::end(short_shapes);
      for (const shape* s = begin; s != end; ++s) {
        const std::vector<std::uint8_t> aad(s->aad, 0x11), in(s->len, 0x22);
        std::vector<std::uint8_t> out(s->len);
        for (call c : {call::seal, call::open, call::open_verify}) {
          vg::test::paint_stack();
          run_kernel(*k.ops, st, c, aad, in, out);
          vg::test::snapshot_stack(region.data());
          deepest[path] = std::max(deepest[path], vg::test::deepest_write(region.data()));
        }
      }
    }
  }
  std::printf("%s: deepest write short %zu B (scrub %zu), long %zu B (scrub %zu)\n", k.name,
              deepest[0], k.scrub_bytes[0], deepest[1], k.scrub_bytes[1]);
  EXPECT_GT(deepest[0], 0u) << "the probe saw no write at all";
  EXPECT_LE(deepest[0] + kMargin[0], k.scrub_bytes[0]) << "short path: scrub too shallow";
  EXPECT_LE(deepest[1] + kMargin[1], k.scrub_bytes[1]) << "long path: scrub too shallow";
}

INSTANTIATE_TEST_SUITE_P(
    X86, SivScrubDepth,
    testing::Values(scrubbed_kernel{"aesni-avx", &vg::detail::siv_ops_aesni_avx_unscrubbed,
                                    vg::detail::siv_scrub_bytes_aesni_avx},
                    scrubbed_kernel{"vaes-avx2", &vg::detail::siv_ops_vaes_avx2_unscrubbed,
                                    vg::detail::siv_scrub_bytes_vaes_avx2},
                    scrubbed_kernel{"vaes-avx512", &vg::detail::siv_ops_vaes_avx512_unscrubbed,
                                    vg::detail::siv_scrub_bytes_vaes_avx512}),
    [](const auto& info) {
      std::string n = info.param.name;
      std::replace(n.begin(), n.end(), '-', '_');
      return n;
    });

}  // namespace

// How a fuzzer's bytes become one AEAD call, shared by the fuzz targets.
//
// Layout (every field is taken modulo what is valid, so almost every input reaches the library):
//   [0] algorithm (mod 5)        [1] backend (mod the number runnable here, a backend built in
//                                    several GCM kernel variants counted once per variant)
//   [2] nonce length: < 0xc0 -> 12 (the fast path), else 1 + (b mod 64)  (GCM-SIV: always 12)
//   [3] tag length:   < 0xc0 -> 16, else {4, 8, 12, 13, 14, 15, 16}[b mod 7] (GCM-SIV: always 16)
//   [4..5] AAD length, little-endian, capped at what is left
//   key (the algorithm's length), nonce, AAD, then the rest: the message.
// Inputs too short for the header, key and nonce are skipped.
#ifndef VG_FUZZ_FUZZ_INPUT_HPP
#define VG_FUZZ_FUZZ_INPUT_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "vg/aead.hpp"

namespace vg::fuzz {

struct call {
  vg::algorithm alg;
  std::string backend;
  std::span<const std::uint8_t> key, nonce, aad, message;
  std::size_t tag_len;
  bool siv;
};

std::optional<call> parse(const std::uint8_t* data, std::size_t size);

// Aborts with a message: libFuzzer then saves the input as a crash reproducer.
[[noreturn]] void fail(const call& c, const char* what);

}  // namespace vg::fuzz

#endif  // VG_FUZZ_FUZZ_INPUT_HPP

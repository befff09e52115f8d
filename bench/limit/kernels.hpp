// Throughput kernels for the machine's limit: long runs of independent AES round and carry-less
// multiply instructions, one set per vector width.
//
// Design: each kernel keeps `chains` independent dependency chains in registers (more than
// latency × throughput of any current core needs) and runs `steps_per_iteration` rounds over them
// per loop iteration (384 instructions), so the loop overhead is negligible and the only limit is
// how many such instructions the core can start per cycle. (With 96 an iteration the loop's own
// add and branch took vector ALU slots on an Intel core: XOR 2.91 a cycle on its 3 vector ports,
// AESENC 1.95 on 2, which raised the bound above the measured time.) The vector kernels do the
// same with XORs (the vector ALUs' rate), the memory kernels with plain loads and stores. The
// GCM-mix kernels issue AES and CLMUL in exactly the proportion of GCM's bulk loop (10, 12 or 14
// rounds and 3 multiplies per register of blocks): whether and how the two kinds share ports
// differs between cores (separate ports on recent Intel cores and on AMD Zen 5, shared on Zen 4),
// so the mix is timed, not modelled. The data is not secret.
//
// The AND-pass kernels measure what open adds after the tag check: every byte of the output read
// back, ANDed with the verdict mask and stored (aligned, L1-resident, a whole buffer per
// iteration), at the store width the backends' pass uses: 256-bit AVX (aesni-avx and vaes-avx2)
// and 512-bit (vaes-avx512). Its rate is bytes per cycle, not instructions.
//
// ISA isolation: each width lives in its own translation unit compiled with the flags it needs
// (kernels_xmm.cpp: -maes -mpclmul -mavx; kernels_ymm.cpp: + -mavx2 -mvaes -mvpclmulqdq;
// kernels_zmm.cpp: + -mavx512f). They include only intrinsics and C headers and export only
// the plain functions declared here. Call one only when the CPU has its features.
#ifndef VG_BENCH_LIMIT_KERNELS_HPP
#define VG_BENCH_LIMIT_KERNELS_HPP

#include <cstddef>
#include <cstdint>

namespace vg::bench::limit {

// Instructions per loop iteration of each kernel.
inline constexpr int alone_chains = 12;         // aes-only and clmul-only kernels
inline constexpr int gcm_mix_registers = 8;     // GCM-mix kernels: 8 AES chains (registers) ...
inline constexpr int gcm_mix_clmul_chains = 4;  // ... and their 24 or 32 multiplies on 4 chains
inline constexpr int steps_per_iteration = 32;  // every chain advances this often per iteration
inline constexpr int memory_ops_per_iteration = 16;  // load and store kernels
inline constexpr std::size_t memory_buffer_bytes = 1024;

// `sink` receives 64 bytes so the compiler cannot drop the work.
void aesenc_xmm(std::uint64_t iterations, void* sink);
void clmul_xmm(std::uint64_t iterations, void* sink);
// GCM mix with `rounds` (10, 12 or 14) AES rounds and `multiplies` (3 or 4) CLMUL per register.
void gcm_mix_xmm(int rounds, int multiplies, std::uint64_t iterations, void* sink);
void vector_xmm(std::uint64_t iterations, void* sink);
// Loads (store = false) or stores of one register width; `buffer`: memory_buffer_bytes, 64-byte
// aligned.
void memory_xmm(std::uint64_t iterations, void* buffer, bool store);

void aesenc_ymm(std::uint64_t iterations, void* sink);
void clmul_ymm(std::uint64_t iterations, void* sink);
void gcm_mix_ymm(int rounds, int multiplies, std::uint64_t iterations, void* sink);
void vector_ymm(std::uint64_t iterations, void* sink);
void memory_ymm(std::uint64_t iterations, void* buffer, bool store);

// `buffer`: 64-byte aligned, `bytes` a multiple of 128; ANDed in place with all-ones.
void and_pass_avx(std::uint64_t iterations, void* buffer, std::size_t bytes);
void and_pass_zmm(std::uint64_t iterations, void* buffer, std::size_t bytes);

void aesenc_zmm(std::uint64_t iterations, void* sink);
void clmul_zmm(std::uint64_t iterations, void* sink);
void gcm_mix_zmm(int rounds, int multiplies, std::uint64_t iterations, void* sink);
void vector_zmm(std::uint64_t iterations, void* sink);
void memory_zmm(std::uint64_t iterations, void* buffer, bool store);

}  // namespace vg::bench::limit

#endif  // VG_BENCH_LIMIT_KERNELS_HPP

/** \file
 * vgcrypt C API: authenticated encryption (AES-GCM, AES-GCM-SIV) for FFI and C programs.
 *
 * Stability: the numeric values of vg_alg and vg_status are part of the ABI and never change.
 *
 * Threading: a vg_aead is immutable after vg_aead_new() returns; any number of threads may call
 * vg_aead_seal()/vg_aead_open() on the same object at once. vg_aead_free() must not race with them.
 *
 * Buffers: `out` receives exactly `len` bytes. `out` may equal `in` (in-place operation); any other
 * overlap between `out` and `in`, `aad`, `nonce` or `tag` is rejected with VG_ERR_ARGUMENT. A
 * pointer may be NULL only when its length is 0. No function allocates memory except vg_aead_new().
 *
 * Secrets: the key, plaintext and tag are processed in constant time (no branch or memory address
 * depends on them). Lengths, nonce and AAD are treated as public.
 */
#ifndef VG_VG_H
#define VG_VG_H

#include <stddef.h>
#include <stdint.h>

/** \def VG_API
 * Marks a declaration as part of the ABI of libvgcrypt.so (default visibility); everything
 * else in the library is hidden. */
/** \def VG_LOCAL
 * Keeps a member of a VG_API class out of the ABI: for private member functions, which callers
 * cannot reach (they must not be called from inline code in the headers either). */
#if defined(_WIN32)
#define VG_API
#define VG_LOCAL
#else
#define VG_API __attribute__((visibility("default")))
#define VG_LOCAL __attribute__((visibility("hidden")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** An AEAD key: the algorithm, the expanded key and the implementation (backend) chosen for it. */
typedef struct vg_aead vg_aead;

/** Algorithms. The values are part of the ABI. */
typedef enum {
  VG_AES_128_GCM = 1,
  VG_AES_192_GCM = 2,
  VG_AES_256_GCM = 3,
  VG_AES_128_GCM_SIV = 4,
  VG_AES_256_GCM_SIV = 5,
  VG_XAES_256_GCM = 6 /**< C2SP XAES-256-GCM: 32-byte key, 24-byte nonce, 16-byte tag */
} vg_alg;

/** Results. The values are part of the ABI. */
typedef enum {
  VG_OK = 0,
  VG_ERR_ARGUMENT = 1,     /**< NULL with a non-zero length, bad overlap, unknown algorithm */
  VG_ERR_KEY_LENGTH = 2,   /**< key length does not match the algorithm */
  VG_ERR_NONCE_LENGTH = 3, /**< GCM: 0 bytes; GCM-SIV: not 12 bytes; XAES-256-GCM: not 24 */
  VG_ERR_TAG_LENGTH = 4,   /**< GCM: not 16, 15, 14, 13, 12, 8 or 4; GCM-SIV, XAES: not 16 */
  VG_ERR_TOO_LONG = 5,     /**< plaintext or AAD exceeds the algorithm's limit */
  VG_ERR_AUTH = 6,         /**< open: the tag did not verify; `out` has been zeroed */
  VG_ERR_UNSUPPORTED = 7,  /**< algorithm not available in this build */
  VG_ERR_NOMEM = 8,        /**< vg_aead_new could not allocate */
  VG_ERR_RANDOM = 9        /**< the operating system's random source failed; nothing was sealed */
} vg_status;

/** Creates a key object for `alg` from `key_len` bytes of `key` (16, 24 or 32 per algorithm).
 *  On success *out owns a new object (free it with vg_aead_free); on failure *out is set to NULL.
 */
VG_API vg_status vg_aead_new(vg_aead** out, vg_alg alg, const uint8_t* key, size_t key_len);

/** Wipes the key material (and the stack below the caller that this thread's seal/open calls
 *  used), then frees the object. NULL is a no-op. */
VG_API void vg_aead_free(vg_aead* aead);

/** Encrypts `len` bytes of `in` into `out` and writes a `tag_len`-byte tag (GCM: the SP 800-38D
 *  lengths 16, 15, 14, 13, 12, and 8 or 4 for special uses only; 16 is the one to use; GCM-SIV:
 *  16). The nonce must never repeat under one key for GCM. */
VG_API vg_status vg_aead_seal(const vg_aead* aead, const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* aad, size_t aad_len, const uint8_t* in, size_t len,
                              uint8_t* out, uint8_t* tag, size_t tag_len);

/** Verifies `tag` and decrypts `len` bytes of `in` into `out`. On VG_ERR_AUTH nothing of the
 *  plaintext is released: `out` is all zero. The verdict is computed without branching on secrets.
 */
VG_API vg_status vg_aead_open(const vg_aead* aead, const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* aad, size_t aad_len, const uint8_t* in, size_t len,
                              uint8_t* out, const uint8_t* tag, size_t tag_len);

/** The name of the implementation chosen for this key: "portable", "aesni-avx", "vaes-avx2",
 *  "vaes-avx512", "armv8". A static string. */
VG_API const char* vg_aead_backend(const vg_aead* aead);

/** A static, human-readable description of a status. */
VG_API const char* vg_status_string(vg_status status);

/** The library version, e.g. "0.1.0". */
VG_API const char* vg_version(void);

/* ---- Incremental AES-GCM (added in 0.2; everything above is ABI-frozen)
 * --------------------------
 *
 * One message in pieces: vg_gcm_stream_begin_seal()/_begin_open(), vg_gcm_stream_aad() any number
 * of times, vg_gcm_stream_update() any number of times, then
 * vg_gcm_stream_finish_seal()/_finish_open(). Any chunking gives the bytes and tag of
 * vg_aead_seal()/vg_aead_open(); each update writes exactly `len` bytes (in place: out == in, or no
 * overlap). The stream refers to the vg_aead given to begin: keep that alive until the stream is
 * finished. A stream is not for concurrent use; copies made with vg_gcm_stream_copy() continue
 * independently.
 *
 * WARNING: when opening, vg_gcm_stream_update() releases plaintext BEFORE the tag is checked. Do
 * not use it until vg_gcm_stream_finish_open() returned VG_OK; discard it otherwise. vg_aead_open()
 * (which releases nothing on failure) is the recommended way to decrypt a message that fits in
 * memory.
 */

/** An incremental AES-GCM message (sealing or opening). */
typedef struct vg_gcm_stream vg_gcm_stream;

/** Allocates an idle stream (the only allocating call of this section). *out is NULL on failure. */
VG_API vg_status vg_gcm_stream_new(vg_gcm_stream** out);

/** Wipes and frees a stream. NULL is a no-op. */
VG_API void vg_gcm_stream_free(vg_gcm_stream* stream);

/** Makes `dst` an independent copy of `src`, at whatever point `src` is. */
VG_API vg_status vg_gcm_stream_copy(vg_gcm_stream* dst, const vg_gcm_stream* src);

/** Starts sealing one message under an AES-GCM key with `nonce` (>= 1 byte; 12 recommended). */
VG_API vg_status vg_gcm_stream_begin_seal(vg_gcm_stream* stream, const vg_aead* aead,
                                          const uint8_t* nonce, size_t nonce_len);

/** Starts opening one message; see the WARNING above. */
VG_API vg_status vg_gcm_stream_begin_open(vg_gcm_stream* stream, const vg_aead* aead,
                                          const uint8_t* nonce, size_t nonce_len);

/** Adds associated data; only before the first vg_gcm_stream_update(). */
VG_API vg_status vg_gcm_stream_aad(vg_gcm_stream* stream, const uint8_t* aad, size_t aad_len);

/** Encrypts (sealing) or decrypts (opening) `len` bytes of `in` into `out`. */
VG_API vg_status vg_gcm_stream_update(vg_gcm_stream* stream, const uint8_t* in, size_t len,
                                      uint8_t* out);

/** Ends a sealing stream and writes a `tag_len`-byte tag (16, 15, 14, 13, 12, 8 or 4). */
VG_API vg_status vg_gcm_stream_finish_seal(vg_gcm_stream* stream, uint8_t* tag, size_t tag_len);

/** Ends an opening stream: VG_OK if `tag` (16, 15, 14, 13, 12, 8 or 4 bytes) authenticates the
 * message, else VG_ERR_AUTH. */
VG_API vg_status vg_gcm_stream_finish_open(vg_gcm_stream* stream, const uint8_t* tag,
                                           size_t tag_len);

/* ---- Batches of independent messages under one key
 * -------------------------------------------------------
 *
 * vg_aead_seal_batch()/vg_aead_open_batch() seal or open `count` independent messages (jobs) with
 * one key in one call; their lengths may differ. Each job follows the rules of vg_aead_seal() /
 * vg_aead_open() (lengths, limits, in place or no overlap, no plaintext on a failed tag). Every job
 * is checked before any is processed: if one is refused, the call returns its status and writes
 * nothing (open also sets every job's `status` to it). Distinct jobs must not share bytes between
 * one job's output (`out`, a seal tag) and any buffer of another job; this is not checked.
 */

/** One message of vg_aead_seal_batch(): the arguments of vg_aead_seal(). */
typedef struct vg_seal_job {
  const uint8_t* nonce; /**< the nonce */
  size_t nonce_len;     /**< its length in bytes */
  const uint8_t* aad;   /**< additional authenticated data */
  size_t aad_len;       /**< its length in bytes */
  const uint8_t* in;    /**< `len` bytes of input */
  size_t len;           /**< the message length in bytes */
  uint8_t* out;         /**< `len` bytes of ciphertext */
  uint8_t* tag;         /**< `tag_len` bytes written */
  size_t tag_len;       /**< the tag length in bytes */
} vg_seal_job;

/** One message of vg_aead_open_batch(): the arguments of vg_aead_open() and its result. */
typedef struct vg_open_job {
  const uint8_t* nonce; /**< the nonce */
  size_t nonce_len;     /**< its length in bytes */
  const uint8_t* aad;   /**< additional authenticated data */
  size_t aad_len;       /**< its length in bytes */
  const uint8_t* in;    /**< `len` bytes of input */
  size_t len;           /**< the message length in bytes */
  uint8_t* out;         /**< `len` bytes of plaintext; all zero when `status` is VG_ERR_AUTH */
  const uint8_t* tag;   /**< the tag */
  size_t tag_len;       /**< the tag length in bytes */
  vg_status status;     /**< written: VG_OK or VG_ERR_AUTH (or the refusal of the whole batch) */
} vg_open_job;

/** Seals `count` jobs; VG_OK when all are sealed. */
VG_API vg_status vg_aead_seal_batch(const vg_aead* aead, const vg_seal_job* jobs, size_t count);

/** Opens `count` jobs, each with its own verdict in `status`; returns VG_OK when every tag
 *  verified, VG_ERR_AUTH when at least one did not (those jobs' outputs are all zero; the others
 *  are intact). No branch depends on a verdict. */
VG_API vg_status vg_aead_open_batch(const vg_aead* aead, vg_open_job* jobs, size_t count);

/* ---- Random nonces ------------------------------------------------------------------------------
 *
 * For callers who cannot keep a nonce counter: vg_aead_seal_random() draws a fresh nonce from the
 * operating system (getrandom) and writes
 *
 *     out = nonce (12 bytes; 24 for VG_XAES_256_GCM) || ciphertext (len bytes) || tag (16 bytes)
 *
 * so out_len = len + vg_aead_random_overhead(aead); vg_aead_open_random() reads that layout back.
 * A failing random source returns VG_ERR_RANDOM and writes nothing (never a zero nonce).
 *
 * Limit: with random 96-bit nonces (AES-GCM, AES-GCM-SIV) seal at most 2^32 messages per key (the
 * chance of a repeated nonce then stays below 2^-32). For more, use VG_XAES_256_GCM (random 192-bit
 * nonces, about 2^80 messages). Do not mix caller-chosen nonces with random ones under one key.
 */

/** A nonce source: writes `len` unpredictable bytes to `out`; returns 0 on success. */
typedef int (*vg_random_fn)(void* context, uint8_t* out, size_t len);

/** Bytes a sealed message adds to its plaintext: nonce + 16-byte tag (0 for NULL). */
VG_API size_t vg_aead_random_overhead(const vg_aead* aead);

/** Seals `len` bytes of `in` into `out` (out_len = len + overhead) with a nonce from getrandom.
 *  `in` may be exactly out + nonce size (in place) or must not overlap `out`. */
VG_API vg_status vg_aead_seal_random(const vg_aead* aead, const uint8_t* aad, size_t aad_len,
                                     const uint8_t* in, size_t len, uint8_t* out, size_t out_len);

/** vg_aead_seal_random() with the nonce taken from `source` (for tests or a caller's generator). */
VG_API vg_status vg_aead_seal_random_from(const vg_aead* aead, vg_random_fn source, void* context,
                                          const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                          size_t len, uint8_t* out, size_t out_len);

/** Opens `in` = nonce || ciphertext || tag (in_len bytes) into `out` (out_len = in_len -
 *  overhead). VG_ERR_AUTH (out zeroed) on a bad tag or an input shorter than the overhead. */
VG_API vg_status vg_aead_open_random(const vg_aead* aead, const uint8_t* aad, size_t aad_len,
                                     const uint8_t* in, size_t in_len, uint8_t* out,
                                     size_t out_len);

/* ---- Single AES blocks and QUIC header protection -----------------------------------------------
 *
 * AES-128/192/256 encryption of independent 16-byte blocks, constant time on every backend, and
 * the QUIC header protection mask of RFC 9001 §5.4.3 (the first 5 bytes of AES(hp_key, sample)).
 */

/** An AES key for single-block encryption. */
typedef struct vg_aes_block vg_aes_block;

/** Creates a block key from 16, 24 or 32 bytes; *out is NULL on failure. */
VG_API vg_status vg_aes_block_new(vg_aes_block** out, const uint8_t* key, size_t key_len);

/** Wipes and frees a block key. NULL is a no-op. */
VG_API void vg_aes_block_free(vg_aes_block* key);

/** out[i] = AES(in[i]) for `blocks` 16-byte blocks; `out` may equal `in`. */
VG_API vg_status vg_aes_block_encrypt(const vg_aes_block* key, const uint8_t* in, uint8_t* out,
                                      size_t blocks);

/** QUIC header protection (RFC 9001 §5.4.3): mask[0..5) from a 16-byte sample, with the AES
 *  header-protection key. */
VG_API vg_status vg_quic_header_mask(const vg_aes_block* key, const uint8_t sample[16],
                                     uint8_t mask[5]);

#ifdef __cplusplus
}
#endif

#endif /* VG_VG_H */

// The Python extension vgcrypt._vgcrypt: pyca/cryptography-compatible AEAD classes over the C++ API
// (include/vg/aead.hpp). Buffers are borrowed through the buffer protocol, never copied; the GIL is
// released around seal/open of long messages so that threads run in parallel.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vg/aead.hpp>
#include <vg/cpu.hpp>

namespace py = pybind11;

namespace {

// The largest data and associated data encrypt accepts: pyca/cryptography's limit, so that the
// same arguments raise the same OverflowError.
constexpr std::size_t max_length = (std::size_t{1} << 31) - 1;
constexpr std::size_t tag_bytes = vg::max_tag_length;
// Below this many bytes of message, releasing and taking back the GIL costs more than it gains
// (docs/design/python-binding.md).
constexpr std::size_t release_gil_bytes = 4096;

// vgcrypt.InvalidTag (a subclass of cryptography.exceptions.InvalidTag when that imports). A new
// reference kept for the life of the process.
PyObject* invalid_tag_type = nullptr;

[[noreturn]] void raise_invalid_tag() {
  PyErr_SetNone(invalid_tag_type);
  throw py::error_already_set();
}

// A contiguous buffer borrowed from a Python object for the duration of one call.
class borrowed_buffer {
 public:
  borrowed_buffer(py::handle obj, const char* name, bool writable = false) {
    if (!PyObject_CheckBuffer(obj.ptr())) {
      throw py::type_error(std::string(name) + (writable ? " must be a writable bytes-like object"
                                                         : " must be bytes-like"));
    }
    if (PyObject_GetBuffer(obj.ptr(), &view_, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE) != 0) {
      view_.obj = nullptr;
      throw py::error_already_set();
    }
  }
  ~borrowed_buffer() {
    if (view_.obj != nullptr) PyBuffer_Release(&view_);
  }
  borrowed_buffer(const borrowed_buffer&) = delete;
  borrowed_buffer& operator=(const borrowed_buffer&) = delete;

  std::size_t size() const { return static_cast<std::size_t>(view_.len); }
  std::uint8_t* data() const { return static_cast<std::uint8_t*>(view_.buf); }
  vg::bytes_view view() const { return {data(), size()}; }

 private:
  Py_buffer view_{};
};

// What distinguishes one Python AEAD class from another.
struct aead_kind {
  const char* name;                     // the Python class name
  std::array<vg::algorithm, 3> by_key;  // the algorithm for 16-, 24- and 32-byte keys
  std::array<bool, 3> key_allowed;      // which of those key sizes exist
  const char* key_error;                // ValueError message for any other key size
  const char* bit_length_error;         // ValueError message of generate_key
  std::size_t nonce_min, nonce_max;
  const char* nonce_error;
};

constexpr aead_kind aes_gcm{
    "AESGCM",
    {vg::algorithm::aes_128_gcm, vg::algorithm::aes_192_gcm, vg::algorithm::aes_256_gcm},
    {true, true, true},
    "AESGCM key must be 128, 192, or 256 bits.",
    "bit_length must be 128, 192, or 256",
    8,
    128,
    "Nonce must be between 8 and 128 bytes"};
// RFC 8452 defines AES-128- and AES-256-GCM-SIV only.
constexpr aead_kind aes_gcm_siv{"AESGCMSIV",
                                {vg::algorithm::aes_128_gcm_siv, vg::algorithm::aes_128_gcm_siv,
                                 vg::algorithm::aes_256_gcm_siv},
                                {true, false, true},
                                "AES-GCM-SIV key must be 128 or 256 bits.",
                                "bit_length must be 128 or 256",
                                12,
                                12,
                                "Nonce must be 12 bytes long"};

// C2SP XAES-256-GCM: a 256-bit key and 24-byte nonces (a per-message key from the first 12 bytes).
constexpr aead_kind xaes_256_gcm{
    "XAES256GCM",
    {vg::algorithm::xaes_256_gcm, vg::algorithm::xaes_256_gcm, vg::algorithm::xaes_256_gcm},
    {false, false, true},
    "XAES-256-GCM key must be 256 bits.",
    "bit_length must be 256",
    24,
    24,
    "Nonce must be 24 bytes long"};

int key_slot(std::size_t bytes) {
  return bytes == 16 ? 0 : bytes == 24 ? 1 : bytes == 32 ? 2 : -1;
}

// Raises the Python exception for a status other than ok.
void check(vg::status s) {
  switch (s) {
    case vg::status::ok:
      return;
    case vg::status::auth:
      raise_invalid_tag();
    case vg::status::too_long:
      throw std::overflow_error("Data or associated data too long");
    case vg::status::argument:
      throw py::value_error(
          "the output buffer overlaps an input (only exactly in place is allowed)");
    default:
      throw std::runtime_error(vg::to_string(s));
  }
}

// Runs `op` with the GIL released when `bytes` is large enough to be worth it.
template <class Op>
vg::status run(std::size_t bytes, Op&& op) {
  if (bytes < release_gil_bytes) return op();
  py::gil_scoped_release unlocked;
  return op();
}

class aead {
 public:
  aead(const aead_kind& kind, py::handle key, const std::optional<std::string>& backend)
      : kind_(&kind) {
    borrowed_buffer k(key, "key");
    const int slot = key_slot(k.size());
    if (slot < 0 || !kind.key_allowed[static_cast<std::size_t>(slot)]) {
      throw py::value_error(kind.key_error);
    }
    const vg::status s = vg::aead_key::create(kind.by_key[static_cast<std::size_t>(slot)], k.view(),
                                              key_, backend.value_or(""));
    if (s == vg::status::unsupported) {
      throw py::value_error("backend '" + backend.value_or("") + "' is not runnable here");
    }
    check(s);
  }

  static py::bytes generate_key(const aead_kind& kind, py::handle bit_length) {
    if (!PyLong_Check(bit_length.ptr())) throw py::type_error("bit_length must be an integer");
    int overflow = 0;
    const long long bits = PyLong_AsLongLongAndOverflow(bit_length.ptr(), &overflow);
    const int slot =
        overflow != 0 || bits % 8 != 0 ? -1 : key_slot(static_cast<std::size_t>(bits / 8));
    if (slot < 0 || !kind.key_allowed[static_cast<std::size_t>(slot)]) {
      throw py::value_error(kind.bit_length_error);
    }
    return py::module_::import("os").attr("urandom")(bits / 8);
  }

  py::bytes encrypt(py::handle nonce, py::handle data, py::handle aad) const {
    const inputs in(*this, nonce, data, aad, true);
    PyObject* out =
        PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(in.data.size() + tag_bytes));
    if (out == nullptr) throw py::error_already_set();
    auto result = py::reinterpret_steal<py::bytes>(out);
    seal(in, reinterpret_cast<std::uint8_t*>(PyBytes_AS_STRING(out)));
    return result;
  }

  py::bytes decrypt(py::handle nonce, py::handle data, py::handle aad) const {
    const inputs in(*this, nonce, data, aad, false);
    if (in.data.size() < tag_bytes) raise_invalid_tag();
    PyObject* out =
        PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(in.data.size() - tag_bytes));
    if (out == nullptr) throw py::error_already_set();
    auto result = py::reinterpret_steal<py::bytes>(out);
    open(in, reinterpret_cast<std::uint8_t*>(PyBytes_AS_STRING(out)));
    return result;
  }

  std::size_t encrypt_into(py::handle nonce, py::handle data, py::handle aad,
                           py::handle buf) const {
    const inputs in(*this, nonce, data, aad, true);
    const borrowed_buffer out(buf, "buf", true);
    const std::size_t n = in.data.size() + tag_bytes;
    need(out, n);
    seal(in, out.data());
    return n;
  }

  std::size_t decrypt_into(py::handle nonce, py::handle data, py::handle aad,
                           py::handle buf) const {
    const inputs in(*this, nonce, data, aad, false);
    const borrowed_buffer out(buf, "buf", true);
    if (in.data.size() < tag_bytes) raise_invalid_tag();
    const std::size_t n = in.data.size() - tag_bytes;
    need(out, n);
    open(in, out.data());
    return n;
  }

  std::string backend() const { return std::string(key_.backend_name()); }

 private:
  // The three inputs of a call, checked in pyca/cryptography's order: types, lengths, nonce size.
  struct inputs {
    inputs(const aead& self, py::handle nonce_obj, py::handle data_obj, py::handle aad_obj,
           bool sealing)
        : data(data_obj, "data"),
          aad(aad_obj.is_none() ? py::handle(py::bytes()) : aad_obj, "associated_data"),
          nonce(nonce_obj, "nonce") {
      if ((sealing && data.size() > max_length) || aad.size() > max_length) {
        throw std::overflow_error("Data or associated data too long. Max 2**31 - 1 bytes");
      }
      if (nonce.size() < self.kind_->nonce_min || nonce.size() > self.kind_->nonce_max) {
        throw py::value_error(self.kind_->nonce_error);
      }
    }
    borrowed_buffer data, aad, nonce;
  };

  static void need(const borrowed_buffer& out, std::size_t n) {
    if (out.size() < n) {
      throw py::value_error("buf must be at least " + std::to_string(n) + " bytes long");
    }
  }

  void seal(const inputs& in, std::uint8_t* out) const {
    const std::size_t n = in.data.size();
    check(run(n, [&] {
      return key_.seal(in.nonce.view(), in.aad.view(), in.data.view(), {out, n},
                       {out + n, tag_bytes});
    }));
  }

  void open(const inputs& in, std::uint8_t* out) const {
    const std::size_t n = in.data.size() - tag_bytes;
    check(run(n, [&] {
      return key_.open(in.nonce.view(), in.aad.view(), in.data.view().first(n), {out, n},
                       in.data.view().subspan(n));
    }));
  }

  const aead_kind* kind_;
  vg::aead_key key_;
};

// One Python class per kind; the C++ type only fixes the kind.
template <const aead_kind& K>
class aead_class : public aead {
 public:
  aead_class(py::handle key, const std::optional<std::string>& backend) : aead(K, key, backend) {}
};

constexpr const char* encrypt_doc =
    "encrypt(nonce, data, associated_data) -> bytes\n\n"
    "Encrypts and authenticates ``data`` and authenticates ``associated_data`` (``None`` = none).\n"
    "Returns the ciphertext followed by the 16-byte tag. Any bytes-like object is accepted.";
constexpr const char* decrypt_doc =
    "decrypt(nonce, data, associated_data) -> bytes\n\n"
    "Verifies the tag at the end of ``data`` and returns the plaintext. Raises vgcrypt.InvalidTag\n"
    "(and returns nothing) when the tag does not match.";
constexpr const char* encrypt_into_doc =
    "encrypt_into(nonce, data, associated_data, buf) -> int\n\n"
    "Like encrypt(), but writes ciphertext and tag into the writable buffer ``buf`` (at least\n"
    "len(data) + 16 bytes) and returns the number of bytes written. ``data`` may be the start of\n"
    "``buf`` itself (in place).";
constexpr const char* decrypt_into_doc =
    "decrypt_into(nonce, data, associated_data, buf) -> int\n\n"
    "Like decrypt(), but writes the plaintext into the writable buffer ``buf`` (at least\n"
    "len(data) - 16 bytes) and returns its length. On InvalidTag those bytes of ``buf`` are zero.\n"
    "``buf`` may be the start of ``data`` itself (in place).";

template <const aead_kind& K>
void bind_class(py::module_& m, const char* doc) {
  using T = aead_class<K>;
  py::class_<T>(m, K.name, doc)
      .def(py::init<py::handle, const std::optional<std::string>&>(), py::arg("key"), py::kw_only(),
           py::arg("backend") = py::none(),
           "__init__(key, *, backend=None)\n\nExpands ``key``. ``backend`` names an implementation "
           "(see vgcrypt.backends()); by\n"
           "default the fastest one this CPU runs.")
      .def_static(
          "generate_key", [](py::handle bits) { return aead::generate_key(K, bits); },
          py::arg("bit_length"),
          "generate_key(bit_length) -> bytes\n\nA new random key of ``bit_length`` bits from "
          "os.urandom.")
      .def("encrypt", &T::encrypt, py::arg("nonce"), py::arg("data"), py::arg("associated_data"),
           encrypt_doc)
      .def("decrypt", &T::decrypt, py::arg("nonce"), py::arg("data"), py::arg("associated_data"),
           decrypt_doc)
      .def("encrypt_into", &T::encrypt_into, py::arg("nonce"), py::arg("data"),
           py::arg("associated_data"), py::arg("buf"), encrypt_into_doc)
      .def("decrypt_into", &T::decrypt_into, py::arg("nonce"), py::arg("data"),
           py::arg("associated_data"), py::arg("buf"), decrypt_into_doc)
      .def_property_readonly("backend", &T::backend, "The implementation this key runs on.");
}

std::vector<std::string> runnable_backends() {
  std::vector<std::string> names;
  for (const vg::backend_info& b : vg::backends()) {
    if (b.runnable) names.emplace_back(b.name);
  }
  return names;
}

}  // namespace

PYBIND11_MODULE(_vgcrypt, m) {
  m.doc() = "vgcrypt's AEAD classes; import them from the vgcrypt package.";
  m.attr("__version__") = VG_VERSION;
  // Each docstring starts with the Python signature (pybind11 would name the arguments `handle`).
  py::options options;
  options.disable_function_signatures();

  // Code that catches cryptography.exceptions.InvalidTag also catches vgcrypt's.
  py::handle base = PyExc_Exception;
  try {
    base = py::object(py::module_::import("cryptography.exceptions").attr("InvalidTag")).release();
  } catch (py::error_already_set&) {
  }
  invalid_tag_type = PyErr_NewExceptionWithDoc(
      "vgcrypt.InvalidTag",
      "The authentication tag did not match: no plaintext is returned. A subclass of\n"
      "cryptography.exceptions.InvalidTag when pyca/cryptography is installed.",
      base.ptr(), nullptr);
  if (invalid_tag_type == nullptr) throw py::error_already_set();
  m.attr("InvalidTag") = py::handle(invalid_tag_type);

  bind_class<aes_gcm>(m,
                      "AES-GCM with 128-, 192- or 256-bit keys and 16-byte tags; the interface of\n"
                      "cryptography.hazmat.primitives.ciphers.aead.AESGCM.");
  bind_class<aes_gcm_siv>(m,
                          "AES-GCM-SIV (RFC 8452) with 128- or 256-bit keys; the interface of\n"
                          "cryptography.hazmat.primitives.ciphers.aead.AESGCMSIV.");
  bind_class<xaes_256_gcm>(
      m,
      "XAES-256-GCM (C2SP) with a 256-bit key and 24-byte random nonces, safe\n"
      "for any number of messages under one key; the AESGCM interface.");

  m.attr("backend") = std::string(vg::default_backend());
  m.def("backends", &runnable_backends,
        "backends() -> list[str]\n\nNames of the implementations this CPU can run, fastest first "
        "(VG_CPU_FEATURES narrows "
        "them).");
}

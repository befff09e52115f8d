// The list of peers compiled into this build. Each adapter is optional at build time; CMake
// defines VG_PEER_<NAME>=1 for those whose library was found.
#include "peer.hpp"

namespace vg::bench {

const std::vector<const peer*>& all_peers() {
  static const std::vector<const peer*> peers = [] {
    std::vector<const peer*> list;
#if defined(VG_PEER_OPENSSL)
    list.push_back(openssl_peer());
#endif
#if defined(VG_PEER_IPSECMB)
    list.push_back(ipsecmb_peer());
#endif
#if defined(VG_PEER_GCRYPT)
    list.push_back(gcrypt_peer());
#endif
#if defined(VG_PEER_NETTLE)
    list.push_back(nettle_peer());
#endif
#if defined(VG_PEER_SODIUM)
    list.push_back(sodium_peer());
#endif
    return list;
  }();
  return peers;
}

const peer* find_peer(std::string_view name) {
  for (const peer* p : all_peers()) {
    if (p->name() == name) return p;
  }
  return nullptr;
}

}  // namespace vg::bench

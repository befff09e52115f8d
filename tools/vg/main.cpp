// vg: vgcrypt's command-line tool. Dispatches to one subcommand per file (cmd_*.cpp).
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"

namespace {

void usage(std::FILE* to) {
  std::fputs(
      "usage: vg <command> [options]\n"
      "       vg --help\n"
      "vgcrypt's command-line tool.\n"
      "commands:\n"
      "  cpu     detected and allowed CPU features, every backend and the one new keys get\n"
      "          (vg cpu --help)\n"
      "  speed   throughput of vgcrypt and of the peer libraries, with the machine's limit\n"
      "          (vg speed --help lists its options)\n"
      "  help    this help\n"
      "options:\n"
      "  -h, --help   this help\n"
      "environment: VG_CPU_FEATURES narrows the features vgcrypt may use (see vg cpu)\n"
      "exit status: 0 success, 1 failure, 2 bad usage\n"
      "manual: man vg\n",
      to);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const std::string_view command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "cpu") return vg::tool::run_cpu(args);
  if (command == "speed") return vg::tool::run_speed(args);
  if (command == "help" || command == "--help" || command == "-h") {
    usage(stdout);
    return 0;
  }
  std::fprintf(stderr, "vg: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return 2;
}

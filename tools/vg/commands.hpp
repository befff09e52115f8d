// The vg tool's subcommands. Each takes the arguments after its name and returns the exit code.
#ifndef VG_TOOLS_VG_COMMANDS_HPP
#define VG_TOOLS_VG_COMMANDS_HPP

#include <string>
#include <vector>

namespace vg::tool {

int run_cpu(const std::vector<std::string>& args);
int run_speed(const std::vector<std::string>& args);

}  // namespace vg::tool

#endif  // VG_TOOLS_VG_COMMANDS_HPP

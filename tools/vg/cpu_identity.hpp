// Names the processor for reports: every number vg prints is only meaningful beside the CPU.
#ifndef VG_TOOLS_VG_CPU_IDENTITY_HPP
#define VG_TOOLS_VG_CPU_IDENTITY_HPP

#include <string>

namespace vg::tool {

// The model name with the identifiers that tell microarchitectures apart when the name does not
// (virtual machines often report just "AMD EPYC"): on x86 "NAME (VENDOR family F model M stepping
// S)", on Arm "implementer I part P", from /proc/cpuinfo; "unknown" where that file says nothing.
std::string cpu_identity();

}  // namespace vg::tool

#endif  // VG_TOOLS_VG_CPU_IDENTITY_HPP

// The unit tests that walk a whole corpus (the regression programs, the C and CHC benchmark files) run every
// input in the Release build (`make test`) and a slice of them in the sanitizer build (`make sanitize`):
// AddressSanitizer and UBSan look for memory errors and undefined behaviour in argus's code, whose paths
// repeat from one input to the next, so a slice finds what the whole corpus would, at a fraction of the
// sanitizers' 3-5x slowdown. What each input asserts is the same in both builds.
#pragma once

#include <cstddef>
#include <vector>

namespace argus::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizerBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif
#else
inline constexpr bool kSanitizerBuild = false;
#endif

/// All of `inputs` in a Release build; under the sanitizers every `stride`-th one (the first included),
/// so that the slice still spans the corpus from one end to the other.
template <class T>
std::vector<T> sanitizerSlice(const std::vector<T>& inputs, std::size_t stride = 4) {
  if (!kSanitizerBuild || stride <= 1) return inputs;
  std::vector<T> out;
  for (std::size_t i = 0; i < inputs.size(); i += stride) out.push_back(inputs[i]);
  return out;
}

}  // namespace argus::testing

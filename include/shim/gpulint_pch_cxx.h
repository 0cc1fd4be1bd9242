/* gpulint_pch_cxx.h - precompiled for files whose include closure (their
 * project headers' includes too, engine/project.c) reaches the C++
 * standard headers that the toolkit's C++ prelude holds
 * (include/toolkit/gpulint_toolkit_cxx.h), and <complex> and <mutex>,
 * which a project's common type header often brings: parsed from source
 * they cost a shim file about 150 ms (docs/projects.md). */
#include "gpulint_pch_iostream.h"
#include <array>
#include <complex>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>

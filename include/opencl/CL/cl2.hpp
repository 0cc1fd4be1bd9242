/* gpulint stand-in: see gpulint_cl_wrapper.hpp */
#include "gpulint_cl_wrapper.hpp"

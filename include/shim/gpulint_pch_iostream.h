/* gpulint_pch_iostream.h - precompiled for files that include <iostream>,
 * <string> or string streams (see gpulint_pch_vector.h). */
#include "gpulint_pch_vector.h"
#include <iostream>
#include <sstream>
#include <string>

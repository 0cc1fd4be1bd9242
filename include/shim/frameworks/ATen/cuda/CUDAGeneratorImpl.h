/* gpulint stand-in: forwards to the PyTorch shim (see ../../gpulint_torch.h) */
#pragma once
#include "../../gpulint_torch.h"

// The project's own choice, made in a header.
#pragma once
#define BLOCK_STRIDE

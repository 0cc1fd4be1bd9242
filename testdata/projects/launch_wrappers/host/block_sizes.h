#pragma once
#define TILE_DIM 16
const int WIDE_X = 32;

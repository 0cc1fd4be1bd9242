#pragma once
// Included with angle brackets by scan.cpp (the project adds src/ to its
// include path): its constant is passed to the kernel as -D LANES.
constexpr int LANES = 32;

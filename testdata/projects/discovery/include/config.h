// Included as "Config.h" (written on a case-insensitive file system).
#pragma once
#define DAMPING 0.9

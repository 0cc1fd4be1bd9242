// Found for an angled include, under third/.
#pragma once
#define HALF_OF(x) ((x) * 0.5f)

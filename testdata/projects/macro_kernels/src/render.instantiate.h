#pragma once
#include "render.h"

template GLOBAL void render<float>(float *, int);

// CUDA's cusparse_v2.h: the same API as cusparse.h.
#pragma once

#include "cusparse.h"

// Includes cycle_b.cuh, which includes this file back: neither has a guard.
#include "cycle_b.cuh"

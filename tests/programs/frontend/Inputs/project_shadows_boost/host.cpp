// A host source of the same project: compiled in place, with the same include rules.
#include <boost/config.hpp>
#include "local.h"

int HostHalf() { return LocalAnswer() / 2; }

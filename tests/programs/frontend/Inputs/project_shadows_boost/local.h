// Found beside the file that includes it with quotes, as the compiler always does.
#pragma once
inline int LocalAnswer() { return 42; }

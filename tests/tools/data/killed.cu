// A program killed by a signal: `warpsafe run` reports it and exits 128+N.
#include <csignal>

int main() {
  std::raise(SIGKILL);
  return 0;
}

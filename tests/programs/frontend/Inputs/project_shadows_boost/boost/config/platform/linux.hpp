// A project folder that happens to hold a path of the system's Boost: the system's own quoted
// includes must never reach it (nvcc compiles the project's files where they are, with no -iquote).
#error "a system header's quoted include reached the project's folder"

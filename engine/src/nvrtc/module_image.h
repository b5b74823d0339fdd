// The image nvrtcGetPTX and nvrtcGetCUBIN hand out, and loading the object it names.
//
// A runtime-compiled program is built into a shared object (compile.h). Its "PTX" is a short text
// that names that object; cuModuleLoadData (engine/src/driver/module.cpp) recognises the text and
// loads the object, whose kernels registered themselves with the runtime when it was loaded.
// Internal to the engine (engine/src/nvrtc and engine/src/driver).
#pragma once

#include <cstddef>
#include <string>

namespace warpsafe::engine::nvrtc {

// The prefix of the extern "C" pointers that hold name expressions' addresses (compile.h).
extern const char kNameExpressionPrefix[];

// The image naming the object at `object_path` (an absolute path without a line break).
std::string ImageFor(const std::string& object_path);

// Whether `image` (NUL-terminated or not: only its first line is read, up to the first NUL) is one
// ImageFor made; if so, *object_path is the object's path.
bool ObjectOfImage(const void* image, std::string* object_path);

// Loads the object at `path` once per process (dlopen, its symbols bound now, kept local): its
// kernels register themselves. Returns its handle, or null with *error saying why. Objects are
// never unloaded: the runtime keeps their kernels' addresses.
void* LoadObject(const std::string& path, std::string* error);

// The function (`function`) or data object named `name` in the loaded object `handle`, by its
// symbol's name; null if it has none. A name expression's pointer (compile.h) stands for the
// function it points to. `size` (may be null) gets a data object's size.
void* FindInObject(void* handle, const std::string& name, bool function, std::size_t* size);

}  // namespace warpsafe::engine::nvrtc

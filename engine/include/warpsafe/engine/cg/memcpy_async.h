// cg::memcpy_async, cg::wait and cg::wait_prior (docs/semantics/cg.md, CG-MEMCPY): the threads of
// the group copy the bytes together, each its own share by rank, and wait() is the group's sync, so
// the copy is complete and visible to the whole group when wait() returns. The engine finishes
// every copy before wait() returns, so wait_prior<N> (at most N copies still pending) waits for all.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "warpsafe/engine/cg/group_base.h"

namespace cooperative_groups {

namespace cg_copy_detail {

template <class Group>
void CopyShare(const Group& group, void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t kChunk = 16;
  const std::size_t n = static_cast<std::size_t>(group.num_threads());
  const std::size_t rank = static_cast<std::size_t>(group.thread_rank());
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  for (std::size_t at = rank * kChunk; at < bytes; at += n * kChunk) {
    std::memcpy(d + at, s + at, bytes - at < kChunk ? bytes - at : kChunk);
  }
}

}  // namespace cg_copy_detail

template <class Group>
void memcpy_async(const Group& group, void* dst, const void* src, std::size_t bytes) {
  cg_copy_detail::CopyShare(group, dst, src, bytes);
}

// `shape` is a byte count (cuda::aligned_size_t<N> converts to one).
template <class Group, class T, class Shape, class = std::enable_if_t<!std::is_integral_v<Shape>>>
void memcpy_async(const Group& group, T* dst, const T* src, const Shape& shape) {
  cg_copy_detail::CopyShare(group, dst, src, static_cast<std::size_t>(shape));
}

// Copies src_count elements to dst (which has room for dst_count).
template <class Group, class T>
void memcpy_async(const Group& group, T* dst, std::size_t dst_count, const T* src, std::size_t src_count) {
  const std::size_t count = src_count < dst_count ? src_count : dst_count;
  cg_copy_detail::CopyShare(group, dst, src, count * sizeof(T));
}

template <class Group>
void wait(const Group& group, WarpsafeSite site = WarpsafeSite::Here()) {
  group.sync(site);
}

template <unsigned int NumStages, class Group>
void wait_prior(const Group& group, WarpsafeSite site = WarpsafeSite::Here()) {
  group.sync(site);
}

}  // namespace cooperative_groups

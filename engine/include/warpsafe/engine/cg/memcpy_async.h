// cg::memcpy_async, cg::wait and cg::wait_prior (docs/semantics/cg.md, CG-MEMCPY; docs/semantics/
// async.md, ASYNC-COPY-2): the threads of the group copy the bytes together, each its own share by
// rank, as one batch of asynchronous copies per call (warpsafe/engine/async_copy.h), which lands
// only when a wait completes it. wait() completes every batch of the caller and then syncs the
// group, so the copy is complete and visible to the whole group when wait() returns; wait_prior<N>
// leaves the caller's N most recent batches in flight.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "warpsafe/engine/async_copy.h"
#include "warpsafe/engine/cg/group_base.h"

namespace cooperative_groups {

namespace cg_copy_detail {

template <class Group>
void CopyShare(const Group& group, void* dst, const void* src, std::size_t bytes,
               WarpsafeSite site = WarpsafeSite::Here()) {
  constexpr std::size_t kChunk = 16;
  const std::size_t n = static_cast<std::size_t>(group.num_threads());
  const std::size_t rank = static_cast<std::size_t>(group.thread_rank());
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  for (std::size_t at = rank * kChunk; at < bytes; at += n * kChunk) {
    ::warpsafe::engine::AsyncCopyBytes(d + at, s + at, bytes - at < kChunk ? bytes - at : kChunk, site);
  }
  ::warpsafe::engine::AsyncCommit(site);
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
  ::warpsafe::engine::AsyncWaitPrior(0, site);
  group.sync(site);
}

template <unsigned int NumStages, class Group>
void wait_prior(const Group& group, WarpsafeSite site = WarpsafeSite::Here()) {
  ::warpsafe::engine::AsyncWaitPrior(NumStages, site);
  group.sync(site);
}

}  // namespace cooperative_groups

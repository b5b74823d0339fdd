// The host-side set-up of the texture programs that each break one rule of a fetch: a texture
// object over linear device memory, or over a one-dimensional CUDA array of texels. Included by
// texture/*_defect.cu; not a program itself.
#pragma once

// A texture object (default descriptor: point filtering, clamp, unnormalized coordinates, element
// reads) over `count` elements of linear device memory, all zero.
template <class T>
cudaTextureObject_t LinearTexture(int count) {
  T* data;
  cudaMalloc(&data, count * sizeof(T));
  cudaMemset(data, 0, count * sizeof(T));
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = data;
  rd.res.linear.desc = cudaCreateChannelDesc<T>();
  rd.res.linear.sizeInBytes = count * sizeof(T);
  cudaTextureDesc td = {};
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  return t;
}

// A texture object over a one-dimensional CUDA array holding `count` texels, with the descriptor's
// filter mode set; everything else as the default descriptor.
template <class T>
cudaTextureObject_t ArrayTexture(const T* texels, int count, cudaTextureFilterMode filter) {
  cudaArray_t a;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<T>();
  cudaMallocArray(&a, &cd, count);
  cudaMemcpyToArray(a, 0, 0, texels, count * sizeof(T), cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  td.filterMode = filter;
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  return t;
}

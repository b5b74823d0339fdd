// NVTX, the NVIDIA Tools Extension: markers and nested ranges that annotate a program for a
// profiler's timeline. No profiler attaches to the engine, so every call does nothing and returns
// what NVTX returns when no tool is loaded: no range id (0), and NVTX_NO_PUSH_POP_TRACKING from
// the push and pop calls. Header-only, as NVTX is: a program needs no library for it.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

// The calls are inline functions in C++ and static inline ones in C (a host .c file): C has no
// inline definition without an external one, and its parameters are named.
#ifdef __cplusplus
#define WARPSAFE_NVTX_INLINE inline
#else
#define WARPSAFE_NVTX_INLINE static inline
#endif

#ifndef NVTX_VERSION
#define NVTX_VERSION 3
#endif

#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef nvtxDomainRegistration* nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef nvtxStringRegistration* nvtxStringHandle_t;

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;

typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
  const char* ascii;
  const wchar_t* unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

// The attributes of a marker or range: programs zero it and fill in version, size and what they
// use. The field names are NVTX's.
typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

WARPSAFE_NVTX_INLINE void nvtxInitialize(const void* unused0) {}

WARPSAFE_NVTX_INLINE void nvtxMarkEx(const nvtxEventAttributes_t* unused0) {}
WARPSAFE_NVTX_INLINE void nvtxMarkA(const char* unused0) {}
WARPSAFE_NVTX_INLINE void nvtxMarkW(const wchar_t* unused0) {}
WARPSAFE_NVTX_INLINE nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t* unused0) { return 0; }
WARPSAFE_NVTX_INLINE nvtxRangeId_t nvtxRangeStartA(const char* unused0) { return 0; }
WARPSAFE_NVTX_INLINE nvtxRangeId_t nvtxRangeStartW(const wchar_t* unused0) { return 0; }
WARPSAFE_NVTX_INLINE void nvtxRangeEnd(nvtxRangeId_t unused0) {}
WARPSAFE_NVTX_INLINE int nvtxRangePushEx(const nvtxEventAttributes_t* unused0) { return NVTX_NO_PUSH_POP_TRACKING; }
WARPSAFE_NVTX_INLINE int nvtxRangePushA(const char* unused0) { return NVTX_NO_PUSH_POP_TRACKING; }
WARPSAFE_NVTX_INLINE int nvtxRangePushW(const wchar_t* unused0) { return NVTX_NO_PUSH_POP_TRACKING; }
WARPSAFE_NVTX_INLINE int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }
WARPSAFE_NVTX_INLINE void nvtxNameCategoryA(uint32_t unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCategoryW(uint32_t unused0, const wchar_t* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameOsThreadA(uint32_t unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameOsThreadW(uint32_t unused0, const wchar_t* unused1) {}

// Domains: a null handle stands for the default domain, which is what a domain created without a
// tool is.
WARPSAFE_NVTX_INLINE nvtxDomainHandle_t nvtxDomainCreateA(const char* unused0) { return 0; }
WARPSAFE_NVTX_INLINE nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t* unused0) { return 0; }
WARPSAFE_NVTX_INLINE void nvtxDomainDestroy(nvtxDomainHandle_t unused0) {}
WARPSAFE_NVTX_INLINE nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t unused0, const char* unused1) { return 0; }
WARPSAFE_NVTX_INLINE nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t unused0, const wchar_t* unused1) { return 0; }
WARPSAFE_NVTX_INLINE void nvtxDomainMarkEx(nvtxDomainHandle_t unused0, const nvtxEventAttributes_t* unused1) {}
WARPSAFE_NVTX_INLINE nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t unused0, const nvtxEventAttributes_t* unused1) { return 0; }
WARPSAFE_NVTX_INLINE void nvtxDomainRangeEnd(nvtxDomainHandle_t unused0, nvtxRangeId_t unused1) {}
WARPSAFE_NVTX_INLINE int nvtxDomainRangePushEx(nvtxDomainHandle_t unused0, const nvtxEventAttributes_t* unused1) {
  return NVTX_NO_PUSH_POP_TRACKING;
}
WARPSAFE_NVTX_INLINE int nvtxDomainRangePop(nvtxDomainHandle_t unused0) { return NVTX_NO_PUSH_POP_TRACKING; }
WARPSAFE_NVTX_INLINE void nvtxDomainNameCategoryA(nvtxDomainHandle_t unused0, uint32_t unused1, const char* unused2) {}
WARPSAFE_NVTX_INLINE void nvtxDomainNameCategoryW(nvtxDomainHandle_t unused0, uint32_t unused1, const wchar_t* unused2) {}

// The A forms under their unsuffixed names, as NVTX offers them to code that does not say.
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxDomainCreate nvtxDomainCreateA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA
#define nvtxDomainNameCategory nvtxDomainNameCategoryA

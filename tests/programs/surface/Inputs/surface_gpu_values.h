// What an NVIDIA H200 (driver 580.159.04, CUDA 13.0.88) computed for tests/programs/surface/values.cu,
// built with `nvcc -std=c++17 -arch=sm_90` and run once per case (`values CASE` for each name
// `values list` prints) on 2026-11-26. Each table holds one result's bytes as little-endian words;
// a case whose kernel failed on the GPU is recorded as the comment naming its error.
#pragma once

#include <cstddef>
#include <cstdint>


// Case types
static const std::uint32_t k_type_char_read[2] = {
    0x160f0801, 0x322b241d,
};
static const std::uint32_t k_type_char_written[2] = {
    0x1e252c33, 0x02091017,
};
static const std::uint32_t k_type_schar_read[2] = {
    0x17100902, 0x332c251e,
};
static const std::uint32_t k_type_schar_written[2] = {
    0x1f262d34, 0x030a1118,
};
static const std::uint32_t k_type_uchar_read[2] = {
    0x18110a03, 0x342d261f,
};
static const std::uint32_t k_type_uchar_written[2] = {
    0x20272e35, 0x040b1219,
};
static const std::uint32_t k_type_char1_read[2] = {
    0x19120b04, 0x352e2720,
};
static const std::uint32_t k_type_char1_written[2] = {
    0x21282f36, 0x050c131a,
};
static const std::uint32_t k_type_short_read[4] = {
    0x1a130c05, 0x362f2821, 0x524b443d, 0x6e676059,
};
static const std::uint32_t k_type_short_written[4] = {
    0x615a6f68, 0x453e534c, 0x29223730, 0x0d061b14,
};
static const std::uint32_t k_type_ushort_read[4] = {
    0x1b140d06, 0x37302922, 0x534c453e, 0x6f68615a,
};
static const std::uint32_t k_type_ushort_written[4] = {
    0x625b7069, 0x463f544d, 0x2a233831, 0x0e071c15,
};
static const std::uint32_t k_type_int_read[8] = {
    0x1c150e07, 0x38312a23, 0x544d463f, 0x7069625b, 0x8c857e77, 0xa8a19a93, 0xc4bdb6af, 0xe0d9d2cb,
};
static const std::uint32_t k_type_int_written[8] = {
    0xe1dad3cc, 0xc5beb7b0, 0xa9a29b94, 0x8d867f78, 0x716a635c, 0x554e4740, 0x39322b24, 0x1d160f08,
};
static const std::uint32_t k_type_uint_read[8] = {
    0x1d160f08, 0x39322b24, 0x554e4740, 0x716a635c, 0x8d867f78, 0xa9a29b94, 0xc5beb7b0, 0xe1dad3cc,
};
static const std::uint32_t k_type_uint_written[8] = {
    0xe2dbd4cd, 0xc6bfb8b1, 0xaaa39c95, 0x8e878079, 0x726b645d, 0x564f4841, 0x3a332c25, 0x1e171009,
};
static const std::uint32_t k_type_float_read[8] = {
    0x1e171009, 0x3a332c25, 0x564f4841, 0x726b645d, 0x8e878079, 0xaaa39c95, 0xc6bfb8b1, 0xe2dbd4cd,
};
static const std::uint32_t k_type_float_written[8] = {
    0xe3dcd5ce, 0xc7c0b9b2, 0xaba49d96, 0x8f88817a, 0x736c655e, 0x57504942, 0x3b342d26, 0x1f18110a,
};
static const std::uint32_t k_type_longlong_read[16] = {
    0x1f18110a, 0x3b342d26, 0x57504942, 0x736c655e, 0x8f88817a, 0xaba49d96, 0xc7c0b9b2, 0xe3dcd5ce,
    0xfff8f1ea, 0x1b140d06, 0x37302922, 0x534c453e, 0x6f68615a, 0x8b847d76, 0xa7a09992, 0xc3bcb5ae,
};
static const std::uint32_t k_type_longlong_written[16] = {
    0xa8a19a93, 0xc4bdb6af, 0x7069625b, 0x8c857e77, 0x38312a23, 0x544d463f, 0x00f9f2eb, 0x1c150e07,
    0xc8c1bab3, 0xe4ddd6cf, 0x9089827b, 0xaca59e97, 0x58514a43, 0x746d665f, 0x2019120b, 0x3c352e27,
};
static const std::uint32_t k_type_ulonglong_read[16] = {
    0x2019120b, 0x3c352e27, 0x58514a43, 0x746d665f, 0x9089827b, 0xaca59e97, 0xc8c1bab3, 0xe4ddd6cf,
    0x00f9f2eb, 0x1c150e07, 0x38312a23, 0x544d463f, 0x7069625b, 0x8c857e77, 0xa8a19a93, 0xc4bdb6af,
};
static const std::uint32_t k_type_ulonglong_written[16] = {
    0xa9a29b94, 0xc5beb7b0, 0x716a635c, 0x8d867f78, 0x39322b24, 0x554e4740, 0x01faf3ec, 0x1d160f08,
    0xc9c2bbb4, 0xe5ded7d0, 0x918a837c, 0xada69f98, 0x59524b44, 0x756e6760, 0x211a130c, 0x3d362f28,
};
static const std::uint32_t k_type_char2_read[4] = {
    0x211a130c, 0x3d362f28, 0x59524b44, 0x756e6760,
};
static const std::uint32_t k_type_char2_written[4] = {
    0x6861766f, 0x4c455a53, 0x30293e37, 0x140d221b,
};
static const std::uint32_t k_type_uchar2_read[4] = {
    0x221b140d, 0x3e373029, 0x5a534c45, 0x766f6861,
};
static const std::uint32_t k_type_uchar2_written[4] = {
    0x69627770, 0x4d465b54, 0x312a3f38, 0x150e231c,
};
static const std::uint32_t k_type_short2_read[8] = {
    0x231c150e, 0x3f38312a, 0x5b544d46, 0x77706962, 0x938c857e, 0xafa8a19a, 0xcbc4bdb6, 0xe7e0d9d2,
};
static const std::uint32_t k_type_short2_written[8] = {
    0xe8e1dad3, 0xccc5beb7, 0xb0a9a29b, 0x948d867f, 0x78716a63, 0x5c554e47, 0x4039322b, 0x241d160f,
};
static const std::uint32_t k_type_ushort2_read[8] = {
    0x241d160f, 0x4039322b, 0x5c554e47, 0x78716a63, 0x948d867f, 0xb0a9a29b, 0xccc5beb7, 0xe8e1dad3,
};
static const std::uint32_t k_type_ushort2_written[8] = {
    0xe9e2dbd4, 0xcdc6bfb8, 0xb1aaa39c, 0x958e8780, 0x79726b64, 0x5d564f48, 0x413a332c, 0x251e1710,
};
static const std::uint32_t k_type_int2_read[16] = {
    0x251e1710, 0x413a332c, 0x5d564f48, 0x79726b64, 0x958e8780, 0xb1aaa39c, 0xcdc6bfb8, 0xe9e2dbd4,
    0x05fef7f0, 0x211a130c, 0x3d362f28, 0x59524b44, 0x756e6760, 0x918a837c, 0xada69f98, 0xc9c2bbb4,
};
static const std::uint32_t k_type_int2_written[16] = {
    0xaea7a099, 0xcac3bcb5, 0x766f6861, 0x928b847d, 0x3e373029, 0x5a534c45, 0x06fff8f1, 0x221b140d,
    0xcec7c0b9, 0xeae3dcd5, 0x968f8881, 0xb2aba49d, 0x5e575049, 0x7a736c65, 0x261f1811, 0x423b342d,
};
static const std::uint32_t k_type_uint2_read[16] = {
    0x261f1811, 0x423b342d, 0x5e575049, 0x7a736c65, 0x968f8881, 0xb2aba49d, 0xcec7c0b9, 0xeae3dcd5,
    0x06fff8f1, 0x221b140d, 0x3e373029, 0x5a534c45, 0x766f6861, 0x928b847d, 0xaea7a099, 0xcac3bcb5,
};
static const std::uint32_t k_type_uint2_written[16] = {
    0xafa8a19a, 0xcbc4bdb6, 0x77706962, 0x938c857e, 0x3f38312a, 0x5b544d46, 0x0700f9f2, 0x231c150e,
    0xcfc8c1ba, 0xebe4ddd6, 0x97908982, 0xb3aca59e, 0x5f58514a, 0x7b746d66, 0x27201912, 0x433c352e,
};
static const std::uint32_t k_type_float2_read[16] = {
    0x27201912, 0x433c352e, 0x5f58514a, 0x7b746d66, 0x97908982, 0xb3aca59e, 0xcfc8c1ba, 0xebe4ddd6,
    0x0700f9f2, 0x231c150e, 0x3f38312a, 0x5b544d46, 0x77706962, 0x938c857e, 0xafa8a19a, 0xcbc4bdb6,
};
static const std::uint32_t k_type_float2_written[16] = {
    0xb0a9a29b, 0xccc5beb7, 0x78716a63, 0x948d867f, 0x4039322b, 0x5c554e47, 0x0801faf3, 0x241d160f,
    0xd0c9c2bb, 0xece5ded7, 0x98918a83, 0xb4ada69f, 0x6059524b, 0x7c756e67, 0x28211a13, 0x443d362f,
};
static const std::uint32_t k_type_longlong2_read[32] = {
    0x28211a13, 0x443d362f, 0x6059524b, 0x7c756e67, 0x98918a83, 0xb4ada69f, 0xd0c9c2bb, 0xece5ded7,
    0x0801faf3, 0x241d160f, 0x4039322b, 0x5c554e47, 0x78716a63, 0x948d867f, 0xb0a9a29b, 0xccc5beb7,
    0xe8e1dad3, 0x04fdf6ef, 0x2019120b, 0x3c352e27, 0x58514a43, 0x746d665f, 0x9089827b, 0xaca59e97,
    0xc8c1bab3, 0xe4ddd6cf, 0x00f9f2eb, 0x1c150e07, 0x38312a23, 0x544d463f, 0x7069625b, 0x8c857e77,
};
static const std::uint32_t k_type_longlong2_written[32] = {
    0x39322b24, 0x554e4740, 0x716a635c, 0x8d867f78, 0xc9c2bbb4, 0xe5ded7d0, 0x01faf3ec, 0x1d160f08,
    0x59524b44, 0x756e6760, 0x918a837c, 0xada69f98, 0xe9e2dbd4, 0x05fef7f0, 0x211a130c, 0x3d362f28,
    0x79726b64, 0x958e8780, 0xb1aaa39c, 0xcdc6bfb8, 0x0902fbf4, 0x251e1710, 0x413a332c, 0x5d564f48,
    0x99928b84, 0xb5aea7a0, 0xd1cac3bc, 0xede6dfd8, 0x29221b14, 0x453e3730, 0x615a534c, 0x7d766f68,
};
static const std::uint32_t k_type_ulonglong2_read[32] = {
    0x29221b14, 0x453e3730, 0x615a534c, 0x7d766f68, 0x99928b84, 0xb5aea7a0, 0xd1cac3bc, 0xede6dfd8,
    0x0902fbf4, 0x251e1710, 0x413a332c, 0x5d564f48, 0x79726b64, 0x958e8780, 0xb1aaa39c, 0xcdc6bfb8,
    0xe9e2dbd4, 0x05fef7f0, 0x211a130c, 0x3d362f28, 0x59524b44, 0x756e6760, 0x918a837c, 0xada69f98,
    0xc9c2bbb4, 0xe5ded7d0, 0x01faf3ec, 0x1d160f08, 0x39322b24, 0x554e4740, 0x716a635c, 0x8d867f78,
};
static const std::uint32_t k_type_ulonglong2_written[32] = {
    0x3a332c25, 0x564f4841, 0x726b645d, 0x8e878079, 0xcac3bcb5, 0xe6dfd8d1, 0x02fbf4ed, 0x1e171009,
    0x5a534c45, 0x766f6861, 0x928b847d, 0xaea7a099, 0xeae3dcd5, 0x06fff8f1, 0x221b140d, 0x3e373029,
    0x7a736c65, 0x968f8881, 0xb2aba49d, 0xcec7c0b9, 0x0a03fcf5, 0x261f1811, 0x423b342d, 0x5e575049,
    0x9a938c85, 0xb6afa8a1, 0xd2cbc4bd, 0xeee7e0d9, 0x2a231c15, 0x463f3831, 0x625b544d, 0x7e777069,
};
static const std::uint32_t k_type_char4_read[8] = {
    0x2a231c15, 0x463f3831, 0x625b544d, 0x7e777069, 0x9a938c85, 0xb6afa8a1, 0xd2cbc4bd, 0xeee7e0d9,
};
static const std::uint32_t k_type_char4_written[8] = {
    0xefe8e1da, 0xd3ccc5be, 0xb7b0a9a2, 0x9b948d86, 0x7f78716a, 0x635c554e, 0x47403932, 0x2b241d16,
};
static const std::uint32_t k_type_uchar4_read[8] = {
    0x2b241d16, 0x47403932, 0x635c554e, 0x7f78716a, 0x9b948d86, 0xb7b0a9a2, 0xd3ccc5be, 0xefe8e1da,
};
static const std::uint32_t k_type_uchar4_written[8] = {
    0xf0e9e2db, 0xd4cdc6bf, 0xb8b1aaa3, 0x9c958e87, 0x8079726b, 0x645d564f, 0x48413a33, 0x2c251e17,
};
static const std::uint32_t k_type_short4_read[16] = {
    0x2c251e17, 0x48413a33, 0x645d564f, 0x8079726b, 0x9c958e87, 0xb8b1aaa3, 0xd4cdc6bf, 0xf0e9e2db,
    0x0c05fef7, 0x28211a13, 0x443d362f, 0x6059524b, 0x7c756e67, 0x98918a83, 0xb4ada69f, 0xd0c9c2bb,
};
static const std::uint32_t k_type_short4_written[16] = {
    0xb5aea7a0, 0xd1cac3bc, 0x7d766f68, 0x99928b84, 0x453e3730, 0x615a534c, 0x0d06fff8, 0x29221b14,
    0xd5cec7c0, 0xf1eae3dc, 0x9d968f88, 0xb9b2aba4, 0x655e5750, 0x817a736c, 0x2d261f18, 0x49423b34,
};
static const std::uint32_t k_type_ushort4_read[16] = {
    0x2d261f18, 0x49423b34, 0x655e5750, 0x817a736c, 0x9d968f88, 0xb9b2aba4, 0xd5cec7c0, 0xf1eae3dc,
    0x0d06fff8, 0x29221b14, 0x453e3730, 0x615a534c, 0x7d766f68, 0x99928b84, 0xb5aea7a0, 0xd1cac3bc,
};
static const std::uint32_t k_type_ushort4_written[16] = {
    0xb6afa8a1, 0xd2cbc4bd, 0x7e777069, 0x9a938c85, 0x463f3831, 0x625b544d, 0x0e0700f9, 0x2a231c15,
    0xd6cfc8c1, 0xf2ebe4dd, 0x9e979089, 0xbab3aca5, 0x665f5851, 0x827b746d, 0x2e272019, 0x4a433c35,
};
static const std::uint32_t k_type_int4_read[32] = {
    0x2e272019, 0x4a433c35, 0x665f5851, 0x827b746d, 0x9e979089, 0xbab3aca5, 0xd6cfc8c1, 0xf2ebe4dd,
    0x0e0700f9, 0x2a231c15, 0x463f3831, 0x625b544d, 0x7e777069, 0x9a938c85, 0xb6afa8a1, 0xd2cbc4bd,
    0xeee7e0d9, 0x0a03fcf5, 0x261f1811, 0x423b342d, 0x5e575049, 0x7a736c65, 0x968f8881, 0xb2aba49d,
    0xcec7c0b9, 0xeae3dcd5, 0x06fff8f1, 0x221b140d, 0x3e373029, 0x5a534c45, 0x766f6861, 0x928b847d,
};
static const std::uint32_t k_type_int4_written[32] = {
    0x3f38312a, 0x5b544d46, 0x77706962, 0x938c857e, 0xcfc8c1ba, 0xebe4ddd6, 0x0700f9f2, 0x231c150e,
    0x5f58514a, 0x7b746d66, 0x97908982, 0xb3aca59e, 0xefe8e1da, 0x0b04fdf6, 0x27201912, 0x433c352e,
    0x7f78716a, 0x9b948d86, 0xb7b0a9a2, 0xd3ccc5be, 0x0f0801fa, 0x2b241d16, 0x47403932, 0x635c554e,
    0x9f98918a, 0xbbb4ada6, 0xd7d0c9c2, 0xf3ece5de, 0x2f28211a, 0x4b443d36, 0x67605952, 0x837c756e,
};
static const std::uint32_t k_type_uint4_read[32] = {
    0x2f28211a, 0x4b443d36, 0x67605952, 0x837c756e, 0x9f98918a, 0xbbb4ada6, 0xd7d0c9c2, 0xf3ece5de,
    0x0f0801fa, 0x2b241d16, 0x47403932, 0x635c554e, 0x7f78716a, 0x9b948d86, 0xb7b0a9a2, 0xd3ccc5be,
    0xefe8e1da, 0x0b04fdf6, 0x27201912, 0x433c352e, 0x5f58514a, 0x7b746d66, 0x97908982, 0xb3aca59e,
    0xcfc8c1ba, 0xebe4ddd6, 0x0700f9f2, 0x231c150e, 0x3f38312a, 0x5b544d46, 0x77706962, 0x938c857e,
};
static const std::uint32_t k_type_uint4_written[32] = {
    0x4039322b, 0x5c554e47, 0x78716a63, 0x948d867f, 0xd0c9c2bb, 0xece5ded7, 0x0801faf3, 0x241d160f,
    0x6059524b, 0x7c756e67, 0x98918a83, 0xb4ada69f, 0xf0e9e2db, 0x0c05fef7, 0x28211a13, 0x443d362f,
    0x8079726b, 0x9c958e87, 0xb8b1aaa3, 0xd4cdc6bf, 0x100902fb, 0x2c251e17, 0x48413a33, 0x645d564f,
    0xa099928b, 0xbcb5aea7, 0xd8d1cac3, 0xf4ede6df, 0x3029221b, 0x4c453e37, 0x68615a53, 0x847d766f,
};
static const std::uint32_t k_type_float4_read[32] = {
    0x3029221b, 0x4c453e37, 0x68615a53, 0x847d766f, 0xa099928b, 0xbcb5aea7, 0xd8d1cac3, 0xf4ede6df,
    0x100902fb, 0x2c251e17, 0x48413a33, 0x645d564f, 0x8079726b, 0x9c958e87, 0xb8b1aaa3, 0xd4cdc6bf,
    0xf0e9e2db, 0x0c05fef7, 0x28211a13, 0x443d362f, 0x6059524b, 0x7c756e67, 0x98918a83, 0xb4ada69f,
    0xd0c9c2bb, 0xece5ded7, 0x0801faf3, 0x241d160f, 0x4039322b, 0x5c554e47, 0x78716a63, 0x948d867f,
};
static const std::uint32_t k_type_float4_written[32] = {
    0x413a332c, 0x5d564f48, 0x79726b64, 0x958e8780, 0xd1cac3bc, 0xede6dfd8, 0x0902fbf4, 0x251e1710,
    0x615a534c, 0x7d766f68, 0x99928b84, 0xb5aea7a0, 0xf1eae3dc, 0x0d06fff8, 0x29221b14, 0x453e3730,
    0x817a736c, 0x9d968f88, 0xb9b2aba4, 0xd5cec7c0, 0x110a03fc, 0x2d261f18, 0x49423b34, 0x655e5750,
    0xa19a938c, 0xbdb6afa8, 0xd9d2cbc4, 0xf5eee7e0, 0x312a231c, 0x4d463f38, 0x69625b54, 0x857e7770,
};
static const std::uint32_t k_type_half_read[4] = {
    0x312a231c, 0x4d463f38, 0x69625b54, 0x857e7770,
};
static const std::uint32_t k_type_half_written[4] = {
    0x7871867f, 0x5c556a63, 0x40394e47, 0x241d322b,
};
static const std::uint32_t k_type_half2_read[8] = {
    0x322b241d, 0x4e474039, 0x6a635c55, 0x867f7871, 0xa29b948d, 0xbeb7b0a9, 0xdad3ccc5, 0xf6efe8e1,
};
static const std::uint32_t k_type_half2_written[8] = {
    0xf7f0e9e2, 0xdbd4cdc6, 0xbfb8b1aa, 0xa39c958e, 0x87807972, 0x6b645d56, 0x4f48413a, 0x332c251e,
};
static const std::uint32_t k_type_half4_read[16] = {
    0x332c251e, 0x4f48413a, 0x6b645d56, 0x87807972, 0xa39c958e, 0xbfb8b1aa, 0xdbd4cdc6, 0xf7f0e9e2,
    0x130c05fe, 0x2f28211a, 0x4b443d36, 0x67605952, 0x837c756e, 0x9f98918a, 0xbbb4ada6, 0xd7d0c9c2,
};
static const std::uint32_t k_type_half4_written[16] = {
    0xbcb5aea7, 0xd8d1cac3, 0x847d766f, 0xa099928b, 0x4c453e37, 0x68615a53, 0x140d06ff, 0x3029221b,
    0xdcd5cec7, 0xf8f1eae3, 0xa49d968f, 0xc0b9b2ab, 0x6c655e57, 0x88817a73, 0x342d261f, 0x5049423b,
};

// Case forms
static const std::uint32_t k_form_1d_read[8] = {
    0x0000006b, 0x0000006a, 0x00000069, 0x00000068, 0x00000067, 0x00000066, 0x00000065, 0x00000064,
};
static const std::uint32_t k_form_1d_written[8] = {
    0x0000138f, 0x0000138e, 0x0000138d, 0x0000138c, 0x0000138b, 0x0000138a, 0x00001389, 0x00001388,
};
static const std::uint32_t k_form_3d_read[12] = {
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f,
};
static const std::uint32_t k_form_3d_written[12] = {
    0x00001388, 0x00001389, 0x0000138a, 0x0000138b, 0x0000138c, 0x0000138d, 0x0000138e, 0x0000138f,
    0x00001390, 0x00001391, 0x00001392, 0x00001393,
};
static const std::uint32_t k_form_1d_layered_read[12] = {
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f,
};
static const std::uint32_t k_form_1d_layered_written[12] = {
    0x00001388, 0x00001389, 0x0000138a, 0x0000138b, 0x0000138c, 0x0000138d, 0x0000138e, 0x0000138f,
    0x00001390, 0x00001391, 0x00001392, 0x00001393,
};
static const std::uint32_t k_form_2d_layered_read[18] = {
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f, 0x00000070, 0x00000071, 0x00000072, 0x00000073,
    0x00000074, 0x00000075,
};
static const std::uint32_t k_form_2d_layered_written[18] = {
    0x00001388, 0x00001389, 0x0000138a, 0x0000138b, 0x0000138c, 0x0000138d, 0x0000138e, 0x0000138f,
    0x00001390, 0x00001391, 0x00001392, 0x00001393, 0x00001394, 0x00001395, 0x00001396, 0x00001397,
    0x00001398, 0x00001399,
};

// Case bounds_read
static const std::uint32_t k_bounds_1d_clamp[11] = {
    0x00000064, 0x00000064, 0x00000064, 0x00000064, 0x00000064, 0x00000065, 0x0000006b, 0x0000006b,
    0x0000006b, 0x0000006b, 0x0000006b,
};
static const std::uint32_t k_bounds_1d_zero[11] = {
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000064, 0x00000065, 0x0000006b, 0x00000000,
    0x00000000, 0x00000000, 0x00000000,
};
static const std::uint32_t k_bounds_1d_uchar_clamp[2] = {
    0x34030303, 0x00343434,
};
static const std::uint32_t k_bounds_1d_uchar_zero[2] = {
    0x34030000, 0x00000000,
};
static const std::uint32_t k_bounds_1d_float4_clamp[28] = {
    0x1a130c05, 0x362f2821, 0x524b443d, 0x6e676059, 0x1a130c05, 0x362f2821, 0x524b443d, 0x6e676059,
    0x1a130c05, 0x362f2821, 0x524b443d, 0x6e676059, 0x6a635c55, 0x867f7871, 0xa29b948d, 0xbeb7b0a9,
    0x6a635c55, 0x867f7871, 0xa29b948d, 0xbeb7b0a9, 0x6a635c55, 0x867f7871, 0xa29b948d, 0xbeb7b0a9,
    0x6a635c55, 0x867f7871, 0xa29b948d, 0xbeb7b0a9,
};
static const std::uint32_t k_bounds_1d_float4_zero[28] = {
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x1a130c05, 0x362f2821, 0x524b443d, 0x6e676059, 0x6a635c55, 0x867f7871, 0xa29b948d, 0xbeb7b0a9,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000,
};
static const std::uint32_t k_bounds_2d_clamp[8] = {
    0x00000064, 0x0000006d, 0x0000006e, 0x00000068, 0x0000006b, 0x0000006f, 0x00000064, 0x00000067,
};
static const std::uint32_t k_bounds_2d_zero[8] = {
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
};
static const std::uint32_t k_bounds_3d_clamp[5] = {
    0x00000064, 0x0000006b, 0x0000006b, 0x00000068, 0x00000069,
};
static const std::uint32_t k_bounds_3d_zero[5] = {
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
};
static const std::uint32_t k_bounds_1d_layered_clamp[5] = {
    0x00000069, 0x00000069, 0x00000069, 0x0000006b, 0x00000064,
};
static const std::uint32_t k_bounds_1d_layered_zero[5] = {
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
};
static const std::uint32_t k_bounds_2d_layered_clamp[4] = {
    0x0000006b, 0x0000006b, 0x0000006a, 0x00000065,
};
static const std::uint32_t k_bounds_2d_layered_zero[4] = {
    0x00000000, 0x00000000, 0x00000000, 0x00000000,
};

// Case bounds_write_clamp
static const std::uint32_t k_bounds_write_clamp[124] = {
    0x00001e61, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00001e61, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00001e61, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x00001e61,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x00001e61,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x00001e61,
    0x00000064, 0x000022b8, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000006b, 0x0000006c, 0x000022b8, 0x0000006e, 0x0000006f,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x000022b8, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000006b, 0x0000006c, 0x0000006d, 0x0000006e, 0x000022b8,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x000022b8, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000270f, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000270f,
};

// Case bounds_write_zero
static const std::uint32_t k_bounds_write_zero[124] = {
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000006b, 0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000006b, 0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f,
    0x00000064, 0x00000065, 0x00000066, 0x00000067, 0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
    0x0000006c, 0x0000006d, 0x0000006e, 0x0000006f, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000006b, 0x00000064, 0x00000065, 0x00000066, 0x00000067,
    0x00000068, 0x00000069, 0x0000006a, 0x0000006b,
};

// Case api
static const std::uint32_t k_api[10] = {
    0x00000000, 0x00000001, 0x00000001, 0x00000000, 0x00000000, 0x00000001, 0x00000000, 0x00000001,
    0x00000001, 0x00000000,
};

// Case misaligned_trap
// misaligned_trap: the kernel failed with cudaErrorMisalignedAddress

// Case misaligned_clamp
// misaligned_clamp: the kernel failed with cudaErrorMisalignedAddress

// Case misaligned_zero
// misaligned_zero: the kernel failed with cudaErrorMisalignedAddress

// Case straddle_clamp
// straddle_clamp: the kernel failed with cudaErrorMisalignedAddress

// Case straddle_zero
// straddle_zero: the kernel failed with cudaErrorMisalignedAddress

// Case size_short_on_int
static const std::uint32_t k_size_short_on_int[2] = {
    0x150e0700, 0x0000231c,
};

// Case size_int2_on_int
// size_int2_on_int: the kernel failed with cudaErrorMisalignedAddress

// Case size_uchar_write_on_int
static const std::uint32_t k_size_uchar_write_on_int[8] = {
    0x150e0700, 0x312a771c, 0x4d463f38, 0x69625b54, 0x857e7770, 0xa19a938c, 0xbdb6afa8, 0xd9d2cbc4,
};

// Case size_int4_write_on_int
static const std::uint32_t k_size_int4_write_on_int[8] = {
    0x150e0700, 0x312a231c, 0x4d463f38, 0x69625b54, 0x00000001, 0x00000002, 0x00000003, 0x00000004,
};

// Case form_1d_on_2d
static const std::uint32_t k_form_1d_on_2d[2] = {
    0x00000000, 0x00000000,
};

// Case form_2d_on_1d
static const std::uint32_t k_form_2d_on_1d[2] = {
    0x00000000, 0x00000000,
};

// Case form_2d_on_3d
static const std::uint32_t k_form_2d_on_3d[1] = {
    0x00000067,
};

// Case form_2d_on_layered
static const std::uint32_t k_form_2d_on_layered[1] = {
    0x00000067,
};

// Case trap_read_past_end
// trap_read_past_end: the kernel failed with cudaErrorIllegalAddress

// Case trap_read_negative
// trap_read_negative: the kernel failed with cudaErrorIllegalAddress

// Case trap_write_past_end
// trap_write_past_end: the kernel failed with cudaErrorIllegalAddress

// Every table by the name values.cu gives its result.
static const struct {
  const char* name;
  const std::uint32_t* words;
  size_t n;
} kTables[] = {
    {"type_char_read", k_type_char_read, sizeof(k_type_char_read) / sizeof(k_type_char_read[0])},
    {"type_char_written", k_type_char_written, sizeof(k_type_char_written) / sizeof(k_type_char_written[0])},
    {"type_schar_read", k_type_schar_read, sizeof(k_type_schar_read) / sizeof(k_type_schar_read[0])},
    {"type_schar_written", k_type_schar_written, sizeof(k_type_schar_written) / sizeof(k_type_schar_written[0])},
    {"type_uchar_read", k_type_uchar_read, sizeof(k_type_uchar_read) / sizeof(k_type_uchar_read[0])},
    {"type_uchar_written", k_type_uchar_written, sizeof(k_type_uchar_written) / sizeof(k_type_uchar_written[0])},
    {"type_char1_read", k_type_char1_read, sizeof(k_type_char1_read) / sizeof(k_type_char1_read[0])},
    {"type_char1_written", k_type_char1_written, sizeof(k_type_char1_written) / sizeof(k_type_char1_written[0])},
    {"type_short_read", k_type_short_read, sizeof(k_type_short_read) / sizeof(k_type_short_read[0])},
    {"type_short_written", k_type_short_written, sizeof(k_type_short_written) / sizeof(k_type_short_written[0])},
    {"type_ushort_read", k_type_ushort_read, sizeof(k_type_ushort_read) / sizeof(k_type_ushort_read[0])},
    {"type_ushort_written", k_type_ushort_written, sizeof(k_type_ushort_written) / sizeof(k_type_ushort_written[0])},
    {"type_int_read", k_type_int_read, sizeof(k_type_int_read) / sizeof(k_type_int_read[0])},
    {"type_int_written", k_type_int_written, sizeof(k_type_int_written) / sizeof(k_type_int_written[0])},
    {"type_uint_read", k_type_uint_read, sizeof(k_type_uint_read) / sizeof(k_type_uint_read[0])},
    {"type_uint_written", k_type_uint_written, sizeof(k_type_uint_written) / sizeof(k_type_uint_written[0])},
    {"type_float_read", k_type_float_read, sizeof(k_type_float_read) / sizeof(k_type_float_read[0])},
    {"type_float_written", k_type_float_written, sizeof(k_type_float_written) / sizeof(k_type_float_written[0])},
    {"type_longlong_read", k_type_longlong_read, sizeof(k_type_longlong_read) / sizeof(k_type_longlong_read[0])},
    {"type_longlong_written", k_type_longlong_written, sizeof(k_type_longlong_written) / sizeof(k_type_longlong_written[0])},
    {"type_ulonglong_read", k_type_ulonglong_read, sizeof(k_type_ulonglong_read) / sizeof(k_type_ulonglong_read[0])},
    {"type_ulonglong_written", k_type_ulonglong_written, sizeof(k_type_ulonglong_written) / sizeof(k_type_ulonglong_written[0])},
    {"type_char2_read", k_type_char2_read, sizeof(k_type_char2_read) / sizeof(k_type_char2_read[0])},
    {"type_char2_written", k_type_char2_written, sizeof(k_type_char2_written) / sizeof(k_type_char2_written[0])},
    {"type_uchar2_read", k_type_uchar2_read, sizeof(k_type_uchar2_read) / sizeof(k_type_uchar2_read[0])},
    {"type_uchar2_written", k_type_uchar2_written, sizeof(k_type_uchar2_written) / sizeof(k_type_uchar2_written[0])},
    {"type_short2_read", k_type_short2_read, sizeof(k_type_short2_read) / sizeof(k_type_short2_read[0])},
    {"type_short2_written", k_type_short2_written, sizeof(k_type_short2_written) / sizeof(k_type_short2_written[0])},
    {"type_ushort2_read", k_type_ushort2_read, sizeof(k_type_ushort2_read) / sizeof(k_type_ushort2_read[0])},
    {"type_ushort2_written", k_type_ushort2_written, sizeof(k_type_ushort2_written) / sizeof(k_type_ushort2_written[0])},
    {"type_int2_read", k_type_int2_read, sizeof(k_type_int2_read) / sizeof(k_type_int2_read[0])},
    {"type_int2_written", k_type_int2_written, sizeof(k_type_int2_written) / sizeof(k_type_int2_written[0])},
    {"type_uint2_read", k_type_uint2_read, sizeof(k_type_uint2_read) / sizeof(k_type_uint2_read[0])},
    {"type_uint2_written", k_type_uint2_written, sizeof(k_type_uint2_written) / sizeof(k_type_uint2_written[0])},
    {"type_float2_read", k_type_float2_read, sizeof(k_type_float2_read) / sizeof(k_type_float2_read[0])},
    {"type_float2_written", k_type_float2_written, sizeof(k_type_float2_written) / sizeof(k_type_float2_written[0])},
    {"type_longlong2_read", k_type_longlong2_read, sizeof(k_type_longlong2_read) / sizeof(k_type_longlong2_read[0])},
    {"type_longlong2_written", k_type_longlong2_written, sizeof(k_type_longlong2_written) / sizeof(k_type_longlong2_written[0])},
    {"type_ulonglong2_read", k_type_ulonglong2_read, sizeof(k_type_ulonglong2_read) / sizeof(k_type_ulonglong2_read[0])},
    {"type_ulonglong2_written", k_type_ulonglong2_written, sizeof(k_type_ulonglong2_written) / sizeof(k_type_ulonglong2_written[0])},
    {"type_char4_read", k_type_char4_read, sizeof(k_type_char4_read) / sizeof(k_type_char4_read[0])},
    {"type_char4_written", k_type_char4_written, sizeof(k_type_char4_written) / sizeof(k_type_char4_written[0])},
    {"type_uchar4_read", k_type_uchar4_read, sizeof(k_type_uchar4_read) / sizeof(k_type_uchar4_read[0])},
    {"type_uchar4_written", k_type_uchar4_written, sizeof(k_type_uchar4_written) / sizeof(k_type_uchar4_written[0])},
    {"type_short4_read", k_type_short4_read, sizeof(k_type_short4_read) / sizeof(k_type_short4_read[0])},
    {"type_short4_written", k_type_short4_written, sizeof(k_type_short4_written) / sizeof(k_type_short4_written[0])},
    {"type_ushort4_read", k_type_ushort4_read, sizeof(k_type_ushort4_read) / sizeof(k_type_ushort4_read[0])},
    {"type_ushort4_written", k_type_ushort4_written, sizeof(k_type_ushort4_written) / sizeof(k_type_ushort4_written[0])},
    {"type_int4_read", k_type_int4_read, sizeof(k_type_int4_read) / sizeof(k_type_int4_read[0])},
    {"type_int4_written", k_type_int4_written, sizeof(k_type_int4_written) / sizeof(k_type_int4_written[0])},
    {"type_uint4_read", k_type_uint4_read, sizeof(k_type_uint4_read) / sizeof(k_type_uint4_read[0])},
    {"type_uint4_written", k_type_uint4_written, sizeof(k_type_uint4_written) / sizeof(k_type_uint4_written[0])},
    {"type_float4_read", k_type_float4_read, sizeof(k_type_float4_read) / sizeof(k_type_float4_read[0])},
    {"type_float4_written", k_type_float4_written, sizeof(k_type_float4_written) / sizeof(k_type_float4_written[0])},
    {"type_half_read", k_type_half_read, sizeof(k_type_half_read) / sizeof(k_type_half_read[0])},
    {"type_half_written", k_type_half_written, sizeof(k_type_half_written) / sizeof(k_type_half_written[0])},
    {"type_half2_read", k_type_half2_read, sizeof(k_type_half2_read) / sizeof(k_type_half2_read[0])},
    {"type_half2_written", k_type_half2_written, sizeof(k_type_half2_written) / sizeof(k_type_half2_written[0])},
    {"type_half4_read", k_type_half4_read, sizeof(k_type_half4_read) / sizeof(k_type_half4_read[0])},
    {"type_half4_written", k_type_half4_written, sizeof(k_type_half4_written) / sizeof(k_type_half4_written[0])},
    {"form_1d_read", k_form_1d_read, sizeof(k_form_1d_read) / sizeof(k_form_1d_read[0])},
    {"form_1d_written", k_form_1d_written, sizeof(k_form_1d_written) / sizeof(k_form_1d_written[0])},
    {"form_3d_read", k_form_3d_read, sizeof(k_form_3d_read) / sizeof(k_form_3d_read[0])},
    {"form_3d_written", k_form_3d_written, sizeof(k_form_3d_written) / sizeof(k_form_3d_written[0])},
    {"form_1d_layered_read", k_form_1d_layered_read, sizeof(k_form_1d_layered_read) / sizeof(k_form_1d_layered_read[0])},
    {"form_1d_layered_written", k_form_1d_layered_written, sizeof(k_form_1d_layered_written) / sizeof(k_form_1d_layered_written[0])},
    {"form_2d_layered_read", k_form_2d_layered_read, sizeof(k_form_2d_layered_read) / sizeof(k_form_2d_layered_read[0])},
    {"form_2d_layered_written", k_form_2d_layered_written, sizeof(k_form_2d_layered_written) / sizeof(k_form_2d_layered_written[0])},
    {"bounds_1d_clamp", k_bounds_1d_clamp, sizeof(k_bounds_1d_clamp) / sizeof(k_bounds_1d_clamp[0])},
    {"bounds_1d_zero", k_bounds_1d_zero, sizeof(k_bounds_1d_zero) / sizeof(k_bounds_1d_zero[0])},
    {"bounds_1d_uchar_clamp", k_bounds_1d_uchar_clamp, sizeof(k_bounds_1d_uchar_clamp) / sizeof(k_bounds_1d_uchar_clamp[0])},
    {"bounds_1d_uchar_zero", k_bounds_1d_uchar_zero, sizeof(k_bounds_1d_uchar_zero) / sizeof(k_bounds_1d_uchar_zero[0])},
    {"bounds_1d_float4_clamp", k_bounds_1d_float4_clamp, sizeof(k_bounds_1d_float4_clamp) / sizeof(k_bounds_1d_float4_clamp[0])},
    {"bounds_1d_float4_zero", k_bounds_1d_float4_zero, sizeof(k_bounds_1d_float4_zero) / sizeof(k_bounds_1d_float4_zero[0])},
    {"bounds_2d_clamp", k_bounds_2d_clamp, sizeof(k_bounds_2d_clamp) / sizeof(k_bounds_2d_clamp[0])},
    {"bounds_2d_zero", k_bounds_2d_zero, sizeof(k_bounds_2d_zero) / sizeof(k_bounds_2d_zero[0])},
    {"bounds_3d_clamp", k_bounds_3d_clamp, sizeof(k_bounds_3d_clamp) / sizeof(k_bounds_3d_clamp[0])},
    {"bounds_3d_zero", k_bounds_3d_zero, sizeof(k_bounds_3d_zero) / sizeof(k_bounds_3d_zero[0])},
    {"bounds_1d_layered_clamp", k_bounds_1d_layered_clamp, sizeof(k_bounds_1d_layered_clamp) / sizeof(k_bounds_1d_layered_clamp[0])},
    {"bounds_1d_layered_zero", k_bounds_1d_layered_zero, sizeof(k_bounds_1d_layered_zero) / sizeof(k_bounds_1d_layered_zero[0])},
    {"bounds_2d_layered_clamp", k_bounds_2d_layered_clamp, sizeof(k_bounds_2d_layered_clamp) / sizeof(k_bounds_2d_layered_clamp[0])},
    {"bounds_2d_layered_zero", k_bounds_2d_layered_zero, sizeof(k_bounds_2d_layered_zero) / sizeof(k_bounds_2d_layered_zero[0])},
    {"bounds_write_clamp", k_bounds_write_clamp, sizeof(k_bounds_write_clamp) / sizeof(k_bounds_write_clamp[0])},
    {"bounds_write_zero", k_bounds_write_zero, sizeof(k_bounds_write_zero) / sizeof(k_bounds_write_zero[0])},
    {"api", k_api, sizeof(k_api) / sizeof(k_api[0])},
    {"size_short_on_int", k_size_short_on_int, sizeof(k_size_short_on_int) / sizeof(k_size_short_on_int[0])},
    {"size_uchar_write_on_int", k_size_uchar_write_on_int, sizeof(k_size_uchar_write_on_int) / sizeof(k_size_uchar_write_on_int[0])},
    {"size_int4_write_on_int", k_size_int4_write_on_int, sizeof(k_size_int4_write_on_int) / sizeof(k_size_int4_write_on_int[0])},
    {"form_1d_on_2d", k_form_1d_on_2d, sizeof(k_form_1d_on_2d) / sizeof(k_form_1d_on_2d[0])},
    {"form_2d_on_1d", k_form_2d_on_1d, sizeof(k_form_2d_on_1d) / sizeof(k_form_2d_on_1d[0])},
    {"form_2d_on_3d", k_form_2d_on_3d, sizeof(k_form_2d_on_3d) / sizeof(k_form_2d_on_3d[0])},
    {"form_2d_on_layered", k_form_2d_on_layered, sizeof(k_form_2d_on_layered) / sizeof(k_form_2d_on_layered[0])},
};

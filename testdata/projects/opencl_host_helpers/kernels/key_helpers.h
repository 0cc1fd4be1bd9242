/* Shared by several kernels: one host passes MAX_KEYLEN, another KEYLEN. */
#ifndef MAX_KEYLEN
#define MAX_KEYLEN KEYLEN
#endif

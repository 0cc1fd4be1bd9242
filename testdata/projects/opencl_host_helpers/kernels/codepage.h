/* The high half of the code page the run was started with: the host
 * passes the encoding's macro. */
#ifdef ENC_LATIN2
__constant ushort cp[] = {0x0080, 0x0081, 0x0082, 0x0083};
#elif defined(ENC_CYRILLIC)
__constant ushort cp[] = {0x0402, 0x0403, 0x201A, 0x0453};
#endif

#if ENC_RAW
#define CP_LUT(c) (c)
#else
#define CP_LUT(c) (((c) < 0x80) ? (c) : cp[(c) & 0x3])
#endif

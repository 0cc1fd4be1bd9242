// The reduction's operation: the host passes one of these flags.
#ifdef ADD_OP
T combine(T a, T b) { return a + b; }
#endif

#ifdef MAX_OP
T combine(T a, T b) { return a > b ? a : b; }
#endif

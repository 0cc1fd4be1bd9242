// fuzz regression (ci/fuzz.sh): a diagnostic without a position
// ("templates can only be declared...") reached strcmp(NULL) in gpu_code.c
a(){_ _<>}tør
void c<>();

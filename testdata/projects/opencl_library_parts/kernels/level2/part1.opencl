// A kernel split in parts the host concatenates: part1, part2, part3.
#define realV real

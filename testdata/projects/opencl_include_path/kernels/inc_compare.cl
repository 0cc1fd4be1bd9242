/* Statements a kernel includes inside its body: report a match. */
if (h == target[0]) {
    hits[gid] = 1;
}

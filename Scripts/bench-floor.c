// The floor of Scripts/bench's CSV row (issue 53): one thread, the file mapped, `t` and
// `value` of each record parsed by a plain decimal loop (digits, a point, digits, an
// exponent: not correctly rounded in every case, which only makes the floor lower), and
// the M4 of `value`
// over 240 buckets of `t` — first, last, lowest and highest per bucket — what a chart of one
// column needs. Usage: bench-floor FILE ROWS. Prints the number of buckets filled.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum { BUCKETS = 240 };

static const double tens[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
                              1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};

// A decimal number at p; *next after it (p itself when there is none).
static double number(const char *p, const char *end, const char **next) {
    const char *start = p;
    int negative = 0;
    if (p < end && (*p == '-' || *p == '+')) negative = *p++ == '-';
    unsigned long long mantissa = 0;
    int digits = 0, scale = 0;
    while (p < end && *p >= '0' && *p <= '9') {
        if (digits < 18) { mantissa = mantissa * 10 + (unsigned)(*p - '0'); digits++; } else scale++;
        p++;
    }
    if (p < end && *p == '.') {
        p++;
        while (p < end && *p >= '0' && *p <= '9') {
            if (digits < 18) { mantissa = mantissa * 10 + (unsigned)(*p - '0'); digits++; scale--; }
            p++;
        }
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        int sign = 1, exponent = 0;
        if (q < end && (*q == '-' || *q == '+')) sign = *q++ == '-' ? -1 : 1;
        if (q < end && *q >= '0' && *q <= '9') {
            while (q < end && *q >= '0' && *q <= '9') exponent = exponent * 10 + (*q++ - '0');
            scale += sign * exponent;
            p = q;
        }
    }
    *next = digits ? p : start;
    double v = (double)mantissa;
    while (scale > 18) { v *= 1e18; scale -= 18; }
    while (scale < -18) { v /= 1e18; scale += 18; }
    v = scale >= 0 ? v * tens[scale] : v / tens[-scale];
    return negative ? -v : v;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: bench-floor FILE ROWS\n"); return 2; }
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[1]); return 1; }
    long rows = atol(argv[2]);
    const char *p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) { perror("mmap"); return 1; }
    madvise((void *)p, st.st_size, MADV_SEQUENTIAL);
    const char *end = p + st.st_size;
    double first[BUCKETS], last[BUCKETS], low[BUCKETS], high[BUCKETS];
    int seen[BUCKETS] = {0};
    while (p < end && *p != '\n') p++;  // the header
    while (p < end) {
        p++;
        if (p >= end) break;
        const char *next;
        double t = number(p, end, &next);
        if (next == p || next >= end || *next != ',') { while (p < end && *p != '\n') p++; continue; }
        double v = number(next + 1, end, &next);
        p = next;
        while (p < end && *p != '\n') p++;  // the rest of the record (value2)
        long b = (long)(t * BUCKETS / rows);
        if (b < 0 || b >= BUCKETS) continue;
        if (!seen[b]) { seen[b] = 1; first[b] = low[b] = high[b] = v; }
        if (v < low[b]) low[b] = v;
        if (v > high[b]) high[b] = v;
        last[b] = v;
    }
    int filled = 0;
    double check = 0;
    for (int b = 0; b < BUCKETS; b++)
        if (seen[b]) { filled++; check += first[b] + last[b] + low[b] + high[b]; }
    printf("%d %.6g\n", filled, check);
    return 0;
}

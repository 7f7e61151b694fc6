#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Milliseconds on the monotonic clock (frame pacing, progress delays).
enum MonotonicClock {
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}

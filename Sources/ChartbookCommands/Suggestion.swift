/// "Did you mean" candidates by edit distance.
public enum Suggestion {
    /// The candidate closest to `word` (case-insensitive optimal string alignment distance),
    /// if it is close enough to be a plausible typo: distance 1 for words of up to three
    /// letters, 2 up to eight, a third of the length beyond — but more than one edit only
    /// between words of about the same length (`donut` is not a typo of `dot`); or the only
    /// candidate that `word` is a prefix of.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        guard !lower.isEmpty else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lower, candidate.lowercased())
            if d < best?.1 ?? .max { best = (candidate, d) }
        }
        let limit = lower.count <= 3 ? 1 : max(2, lower.count / 3)
        if let best, best.1 <= limit, best.1 < lower.count,
            best.1 <= 1 || abs(best.0.count - lower.count) <= 1
        {
            return best.0
        }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(lower) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

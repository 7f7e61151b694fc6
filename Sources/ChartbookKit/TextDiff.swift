/// A line diff of two texts, as a person reads it: the changed lines with `-` (expected)
/// and `+` (actual), a little unchanged context around them, `@@ line N` headers.
public enum TextDiff {
    /// Empty when the texts are equal. Lines are compared whole (trailing blanks count).
    public static func lines(expected: String, actual: String, context: Int = 2) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a != b else { return "" }
        let script = edits(a, b)
        var out = ""
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else {
                index += 1
                continue
            }
            // A hunk: from `context` lines before this change to `context` after the last
            // change that is at most 2 × context lines from the previous one.
            var end = index
            var quiet = 0
            var scan = index
            while scan < script.count, quiet <= 2 * context {
                if script[scan].kind == .same { quiet += 1 } else { quiet = 0; end = scan }
                scan += 1
            }
            let start = max(index - context, 0)
            let stop = min(end + context, script.count - 1)
            out += "@@ line \(script[start].line + 1)\n"
            for edit in script[start...stop] {
                let mark = edit.kind == .same ? " " : edit.kind == .removed ? "-" : "+"
                out += mark + edit.text + "\n"
            }
            index = stop + 1
        }
        return out
    }

    struct Edit {
        enum Kind { case same, removed, added }
        var kind: Kind
        var text: String
        /// The line's number in the expected text (for `removed` and `same`), else the
        /// nearest one.
        var line: Int
    }

    /// The shortest edit script by longest common subsequence; texts too large for the
    /// table are compared line by line.
    static func edits(_ a: [String], _ b: [String]) -> [Edit] {
        guard a.count * b.count <= 4_000_000 else { return pairwise(a, b) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] =
                    a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var script = [Edit]()
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                script.append(Edit(kind: .same, text: a[i], line: i))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                // Removed lines first, as diff shows them.
                script.append(Edit(kind: .removed, text: a[i], line: i))
                i += 1
            } else {
                script.append(Edit(kind: .added, text: b[j], line: i))
                j += 1
            }
        }
        return script
    }

    static func pairwise(_ a: [String], _ b: [String]) -> [Edit] {
        (0..<max(a.count, b.count)).flatMap { i -> [Edit] in
            let x = i < a.count ? a[i] : nil, y = i < b.count ? b[i] : nil
            if x == y, let x { return [Edit(kind: .same, text: x, line: i)] }
            return (x.map { [Edit(kind: .removed, text: $0, line: i)] } ?? [])
                + (y.map { [Edit(kind: .added, text: $0, line: i)] } ?? [])
        }
    }
}

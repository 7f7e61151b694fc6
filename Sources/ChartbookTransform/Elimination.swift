/// Solves a small linear system by Gaussian elimination with partial pivoting.
enum Elimination {
    /// `augmented`: n rows of n coefficients and the right-hand side. nil when singular.
    static func solve(_ augmented: [[Double]]) -> [Double]? {
        var m = augmented
        let n = m.count
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }),
                abs(m[pivot][col]) > 1e-300
            else { return nil }
            m.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = m[row][col] / m[col][col]
                for k in col...n { m[row][k] -= f * m[col][k] }
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var t = m[row][n]
            for k in (row + 1)..<n { t -= m[row][k] * x[k] }
            x[row] = t / m[row][row]
        }
        return x
    }
}

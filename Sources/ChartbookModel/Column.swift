/// One named column of a dataset: contiguous numbers (NaN = missing) or text.
///
/// Numeric columns are what plots draw; text columns serve as x labels.
public struct Column: Equatable, Sendable {
    public enum Values: Equatable, Sendable {
        /// Numbers, NaN for missing or unparseable cells.
        case numbers([Double])
        case text([String])
    }

    public var name: String
    public var values: Values
    /// Cells that were present but could not be read as numbers (they are NaN in `numbers`).
    public var unparseable: Int

    public init(name: String, numbers: [Double], unparseable: Int = 0) {
        self.name = name
        self.values = .numbers(numbers)
        self.unparseable = unparseable
    }

    public init(name: String, text: [String]) {
        self.name = name
        self.values = .text(text)
        self.unparseable = 0
    }

    public var count: Int {
        switch values {
        case .numbers(let v): v.count
        case .text(let v): v.count
        }
    }

    public var numbers: [Double]? {
        if case .numbers(let v) = values { return v }
        return nil
    }

    public var isNumeric: Bool { numbers != nil }

    /// The cell at `index` as display text (numbers shortest round-trip, NaN as empty).
    public func text(at index: Int) -> String {
        switch values {
        case .numbers(let v):
            guard v.indices.contains(index), !v[index].isNaN else { return "" }
            return NumberText.shortest(v[index])
        case .text(let v): return v.indices.contains(index) ? v[index] : ""
        }
    }

    /// Appends in place (the array is moved out of the enum first, so it is not copied).
    mutating func append(number: Double) {
        switch values {
        case .numbers(var v):
            values = .text([])
            v.append(number)
            values = .numbers(v)
        case .text(var t):
            values = .numbers([])
            t.append("")
            values = .text(t)
        }
    }

    /// Keeps only the last `count` values.
    mutating func keepLast(_ count: Int) {
        switch values {
        case .numbers(let v): values = .numbers(Array(v.suffix(count)))
        case .text(let v): values = .text(Array(v.suffix(count)))
        }
    }
}

/// Number → text without locale: integers without a fraction, otherwise Swift's shortest
/// round-trip representation.
public enum NumberText {
    public static func shortest(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(saturating: value))
        }
        return "\(value)"
    }
}

/// A place in a script: 1-based line, 1-based column counted in characters (graphemes).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A token's extent on one line: where it starts and how many characters it spans (≥ 1 for
/// the caret line).
public struct SourceRange: Hashable, Sendable {
    public var start: SourceLocation
    public var length: Int

    public init(start: SourceLocation, length: Int) {
        self.start = start
        self.length = max(1, length)
    }

    public init(line: Int, column: Int, length: Int) {
        self.init(start: SourceLocation(line: line, column: column), length: length)
    }

    /// The place of a value the program made rather than read (line 0).
    public static let generated = SourceRange(line: 0, column: 0, length: 1)

    /// From the start of `self` to the end of `other` when on the same line.
    public func through(_ other: SourceRange) -> SourceRange {
        guard other.start.line == start.line, other.start.column >= start.column else {
            return self
        }
        return SourceRange(start: start, length: other.start.column + other.length - start.column)
    }
}

/// Where a command or a word of it was typed, kept for diagnostics. Equality ignores it, as
/// `Located`'s does: two commands that mean the same are equal wherever they were typed.
public struct TypedPlace: Hashable, Sendable {
    public var range: SourceRange

    public init(_ range: SourceRange) { self.range = range }

    public static func == (a: Self, b: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// Where each of a command's options was typed, by the option's name (key through value):
/// kept for diagnostics; equality ignores it, as `TypedPlace`'s does.
public struct TypedOptionPlaces: Hashable, Sendable {
    private var ranges: [String: SourceRange] = [:]

    public init() {}

    public subscript(name: String) -> SourceRange? {
        get { ranges[name] }
        set { ranges[name] = newValue }
    }

    public static func == (a: Self, b: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// A value that came from the script, with where it was written. Equality ignores the
/// place: two commands that mean the same are equal wherever they were typed.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }

    public static func == (a: Self, b: Self) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

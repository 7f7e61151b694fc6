/// Where a dataset's values came from; what `reload` and `save script` need.
public enum DataSource: Equatable, Sendable {
    /// Typed with `data NAME = ...`.
    case inline
    /// Read with `load`; `path` is as resolved when loaded (absolute).
    case file(path: String, options: LoadOptions)
    /// Made with `gen`.
    case generated(Generator)
}

/// How `load` reads a delimited file.
public struct LoadOptions: Equatable, Sendable {
    public enum Separator: Equatable, Sendable {
        case auto
        case character(UInt8)
    }

    public enum Header: String, Equatable, Sendable, CaseIterable {
        case auto, yes, no
    }

    public var separator: Separator
    public var header: Header
    /// Column whose cells become the dataset's x labels.
    public var labelColumn: String?

    public init(separator: Separator = .auto, header: Header = .auto, labelColumn: String? = nil) {
        self.separator = separator
        self.header = header
        self.labelColumn = labelColumn
    }
}

/// A deterministic generator for demo and teaching data (`gen`).
public struct Generator: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// sin(2π·i/period).
        case sine
        /// Gaussian random walk from 0 with σ 1 steps.
        case walk
        /// i (0, 1, 2, ...).
        case linear
        /// Gaussian noise, mean 0, σ 1.
        case noise
    }

    public var kind: Kind
    /// Number of points.
    public var count: Int
    public var seed: UInt64
    /// Points per full sine period.
    public var period: Double

    public init(kind: Kind, count: Int, seed: UInt64 = 1, period: Double = 40) {
        self.kind = kind
        self.count = count
        self.seed = seed
        self.period = period
    }
}

/// One `key=value` option of a command (plot options are `PlotOption`s).
public struct OptionSpec: Equatable, Sendable {
    public let name: String
    public let values: ValueKind

    public init(_ name: String, _ values: ValueKind) {
        self.name = name
        self.values = values
    }
}

/// `save FORMAT PATH [WORD …] [key=value …]` as typed.
public struct ExportRequest: Equatable, Sendable {
    public var format: String
    public var path: Located<String>
    /// Words after the path that are no options (`save csv PATH NAME`).
    public var operands: [Located<String>]
    public var options: [TypedOption]

    public init(
        format: String, path: Located<String>, operands: [Located<String>] = [],
        options: [TypedOption] = []
    ) {
        self.format = format
        self.path = path
        self.operands = operands
        self.options = options
    }
}

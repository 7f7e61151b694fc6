/// One lexical unit of a command.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Bare text up to white space, `=`, `;` or a quote: names, numbers, ranges, paths, colours.
        case word
        /// A double-quoted string; `text` has its escapes resolved.
        case string
        /// `=` between a key and its value, or after a dataset name in `data`.
        case equals
    }

    public var kind: Kind
    public var text: String
    public var range: SourceRange
    /// Whether white space (or the line start) comes right before this token.
    public var spaceBefore: Bool

    public init(kind: Kind, text: String, range: SourceRange, spaceBefore: Bool = true) {
        self.kind = kind
        self.text = text
        self.range = range
        self.spaceBefore = spaceBefore
    }
}

/// The tokens of one command (a script line holds one or more, split at `;`).
public struct CommandTokens: Equatable, Sendable {
    public var tokens: [Token]
    /// The command's source text, as typed (for history and `<desc>` of snapshots).
    public var text: String
    /// Where the command starts.
    public var start: SourceLocation
}

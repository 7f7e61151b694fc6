/// A ClickHouse query that only names columns of one table and keeps some of its rows —
/// `SELECT t, value FROM dist [WHERE host = 'a']` — which a remote dataset's questions may
/// read as the table itself instead of as a subquery (`ClickHouseRemote.select`). The
/// difference matters for a `Distributed` table: over a subquery, every shard sends the
/// rows it selects to the server asked, which aggregates them alone; a question whose
/// `FROM` is the table itself is answered by each shard over its own rows and merged.
///
/// Recognised conservatively: anything else — an alias, an expression, `DISTINCT`, a join,
/// a subquery or table function, `FINAL`, `SAMPLE`, `PREWHERE`, grouping, ordering, a
/// limit, `SETTINGS`, `FORMAT`, a comment, a condition naming chartbook's own values
/// (`chartbook_…`) — is read as a subquery, as every query is (always right, slower over
/// shards).
public struct ClickHouseTableQuery: Equatable, Sendable {
    /// The columns as the query lists them (`t, value`, `*`).
    public var columns: String
    /// The table as the query names it (`dist`, `db.dist`, quoted as written).
    public var table: String
    /// The query's `WHERE` condition as written; nil when it keeps every row.
    public var condition: String?

    public init(columns: String, table: String, condition: String?) {
        self.columns = columns
        self.table = table
        self.condition = condition
    }

    /// The table and its condition, as questions read them (`RemoteRelation.rows(where:)`).
    public var relation: RemoteRelation {
        var relation = RemoteRelation(relation: table, condition: condition)
        relation.columns = columns
        return relation
    }

    /// Words that end a `WHERE` condition or change what the query means; none may appear
    /// in one recognised (also inside parentheses: no subquery).
    static let stopWords: Set<String> = [
        "select", "group", "order", "limit", "having", "union", "settings", "format",
        "into", "with", "prewhere", "final", "sample", "join", "array", "global", "offset",
        "totals", "except", "intersect",
    ]

    /// Nil unless `query` is `SELECT column, … FROM table [WHERE condition]` (a `;` or
    /// spaces after it aside).
    public init?(_ query: String) {
        let bytes = Array(PostgresReader.body(query).utf8)
        guard let tokens = Self.tokens(bytes), tokens.count >= 4 else { return nil }
        var i = 0
        func word(_ w: String) -> Bool {
            guard i < tokens.count, tokens[i].kind == .word, tokens[i].text.lowercased() == w
            else { return false }
            i += 1
            return true
        }
        func stopWord(_ token: Token) -> Bool {
            token.kind == .word && Self.stopWords.contains(token.text.lowercased())
        }
        guard word("select"), i < tokens.count else { return nil }
        let firstColumn = tokens[i].offset
        // Columns: `*` or names, apart by commas.
        while true {
            guard i < tokens.count, tokens[i].isName || tokens[i].text == "*",
                !stopWord(tokens[i]), tokens[i].text.lowercased() != "distinct"
            else { return nil }
            i += 1
            guard i < tokens.count, tokens[i].text == "," else { break }
            i += 1
        }
        let listEnd = tokens[i - 1].offset + tokens[i - 1].text.utf8.count
        guard word("from"), i < tokens.count, tokens[i].isName else { return nil }
        columns = Self.text(bytes, firstColumn, listEnd)
        let first = tokens[i]
        var last = first
        i += 1
        if i + 1 < tokens.count, tokens[i].text == ".", tokens[i + 1].isName {
            last = tokens[i + 1]
            i += 2
        }
        guard !stopWord(first), !stopWord(last) else { return nil }
        // As written (`db . m` too).
        table = Self.text(bytes, first.offset, last.offset + last.text.utf8.count)
        guard i < tokens.count else {
            condition = nil
            return
        }
        guard word("where"), i < tokens.count else { return nil }
        guard
            !tokens[i...].contains(where: {
                stopWord($0) || $0.text.lowercased().contains(ClickHouseRemote.ownNames)
                    || $0.text == ";"
            })
        else { return nil }
        condition = Self.text(bytes, tokens[i].offset, bytes.count)
    }

    struct Token {
        enum Kind { case word, quotedName, string, number, symbol }
        var kind: Kind
        var text: String
        /// Its first byte's offset in the query's UTF-8.
        var offset: Int
        var isName: Bool { kind == .word || kind == .quotedName }
    }

    /// The query's tokens; nil where it holds a comment or an unclosed quote (read as a
    /// subquery then). Parentheses must balance.
    static func tokens(_ bytes: [UInt8]) -> [Token]? {
        var tokens = [Token](), i = 0, depth = 0
        while i < bytes.count {
            let b = bytes[i]
            let start = i
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                i += 1
                continue
            }
            if isWordStart(b) {
                while i < bytes.count, isWordStart(bytes[i]) || isDigit(bytes[i]) { i += 1 }
                tokens.append(Token(kind: .word, text: text(bytes, start, i), offset: start))
            } else if isDigit(b) {
                while i < bytes.count,
                    isWordStart(bytes[i]) || isDigit(bytes[i]) || bytes[i] == 0x2E
                {
                    i += 1
                }
                tokens.append(Token(kind: .number, text: text(bytes, start, i), offset: start))
            } else if b == 0x27 || b == 0x22 || b == 0x60 {
                // 'string', "name", `name`: a backslash escapes, a doubled quote is one.
                i += 1
                var closed = false
                while i < bytes.count {
                    if bytes[i] == 0x5C { i += 2; continue }
                    if bytes[i] == b {
                        if i + 1 < bytes.count, bytes[i + 1] == b { i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    i += 1
                }
                guard closed else { return nil }
                tokens.append(
                    Token(
                        kind: b == 0x27 ? .string : .quotedName, text: text(bytes, start, i),
                        offset: start))
            } else {
                // A comment (`--`, `#`, `/*`) is not read: the query is read as a subquery.
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                if (b == 0x2D && next == 0x2D) || (b == 0x2F && next == 0x2A) || b == 0x23 {
                    return nil
                }
                if b == 0x28 { depth += 1 }
                if b == 0x29 { depth -= 1 }
                guard depth >= 0, b < 0x80 else { return nil }
                i += 1
                tokens.append(Token(kind: .symbol, text: text(bytes, start, i), offset: start))
            }
        }
        return depth == 0 ? tokens : nil
    }

    private static func isWordStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func text(_ bytes: [UInt8], _ from: Int, _ to: Int) -> String {
        String(decoding: bytes[from..<to], as: UTF8.self)
    }
}

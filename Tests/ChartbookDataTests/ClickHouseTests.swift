import ChartbookModel
import Foundation
import Testing

@testable import ChartbookData

/// The parts of the ClickHouse reader that need no server (Scripts/clickhouse-test runs the
/// rest against real ones): URLs, types, `TabSeparated` escapes, rows as they stream in, and
/// the server's error text.
@Suite struct ClickHouseTests {
    @Test func locationsFromURLs() throws {
        let plain = try #require(
            ClickHouseLocation("clickhouse://ann:s3cret@db.example:9000/metrics"))
        #expect(!plain.secure && plain.user == "ann" && plain.password == "s3cret")
        #expect(plain.host == "db.example" && plain.port == 9000 && plain.database == "metrics")
        let defaults = try #require(ClickHouseLocation("clickhouses://db.example"))
        #expect(defaults.secure && defaults.user == "default" && defaults.password == nil)
        #expect(defaults.port == 8443 && defaults.database == "default")
        // A password holding `@` and `/`: the user info ends at the last `@` before the path.
        let odd = try #require(ClickHouseLocation("clickhouse://u:p@ss@h:8123/d"))
        #expect(odd.user == "u" && odd.password == "p@ss" && odd.host == "h")
        #expect(ClickHouseLocation("postgres://h/d") == nil)
        #expect(ClickHouseLocation("clickhouse:///d") == nil)
        #expect(
            ConnectionURL.withoutPassword("clickhouse://ann:s3cret@db:8123/m")
                == "clickhouse://ann@db:8123/m")
        #expect(DatabaseQuery.Engine.parse(location: "ClickHouse://h/d")?.0 == .clickhouse)
    }

    /// Which queries questions may read as their table (`ClickHouseTableQuery`): plain
    /// columns of one table and a condition — nothing that changes which rows or values the
    /// query gives (the rest are read as a subquery, which is always right).
    @Test func aQueryOfOneTablesColumnsIsReadAsTheTable() throws {
        let plain = try #require(ClickHouseTableQuery("SELECT t, value FROM dist;\n"))
        #expect(plain == ClickHouseTableQuery(columns: "t, value", table: "dist", condition: nil))
        let kept = try #require(
            ClickHouseTableQuery(
                "select `t`, \"v\" from db.m where host = 'a(' AND v > 1e-3 ;"))
        #expect(
            kept
                == ClickHouseTableQuery(
                    columns: "`t`, \"v\"", table: "db.m", condition: "host = 'a(' AND v > 1e-3"))
        #expect(ClickHouseTableQuery("SELECT * FROM m WHERE (a OR b) AND c IN (1, 2)") != nil)
        for query in [
            "SELECT t AS x, v FROM m", "SELECT toDate(t), v FROM m", "SELECT DISTINCT t FROM m",
            "SELECT t, v FROM m FINAL", "SELECT t, v FROM m SAMPLE 0.1", "SELECT t, v FROM m AS a",
            "SELECT t, v FROM m WHERE v > 1 LIMIT 10", "SELECT t, v FROM m WHERE 1 ORDER BY t",
            "SELECT t, v FROM m WHERE 1 SETTINGS max_threads = 1", "SELECT t, v FROM m FORMAT CSV",
            "SELECT t, v FROM m WHERE v IN (SELECT v FROM n)", "SELECT t, v FROM numbers(10)",
            "SELECT t, v FROM (SELECT t, v FROM m)", "SELECT t, v FROM m -- note",
            "SELECT t, v FROM m WHERE x = 'unclosed", "SELECT t, v FROM m WHERE chartbook_x > 0",
            "SELECT t, v FROM m ARRAY JOIN a", "SELECT t, v FROM m, n", "SELECT t, v FROM m WHERE",
            "SELECT t, v FROM m WHERE a = 1 UNION ALL SELECT t, v FROM n",
            "SELECT t, v FROM m; DROP m",
            "WITH 1 AS a SELECT t, v FROM m", "SELECT t, v FROM m PREWHERE v > 1",
            "SELECT t, v FROM m WHERE (v > 1", "SELECT t, v FROM m /* x */",
        ] {
            #expect(ClickHouseTableQuery(query) == nil, "\(query)")
        }
    }

    /// A question of one table's rows defines by `WITH` only the values it names (this
    /// engine reads the column of every definition), and keeps the query's condition; other
    /// queries are read as a subquery.
    @Test func aQuestionOfATableDefinesOnlyTheValuesItNames() {
        let shape = RemoteShape<ClickHouseColumn.Kind>(
            names: ["t", "v", "w"], kinds: [.instant, .number, .number], x: 0)
        let table = ClickHouseRemote(url: "clickhouse://h/d", query: "SELECT t, v, w FROM m;")
        #expect(table.select(["count()"], of: shape) == "SELECT count() FROM m")
        let named = table.select(["max(chartbook_c2)"], of: shape, where: "chartbook_x > 1")
        #expect(
            named
                == "WITH toFloat64(toUnixTimestamp(`t`)) AS chartbook_x, "
                + "if(isFinite(toFloat64(`w`)), toFloat64(`w`), NULL) AS chartbook_c2 "
                + "SELECT max(chartbook_c2) FROM m WHERE (chartbook_x > 1)")
        let kept = ClickHouseRemote(
            url: "clickhouse://h/d", query: "SELECT t, v FROM m WHERE v > 0")
        #expect(
            kept.select(["count()"], of: shape, where: "1")
                == "SELECT count() FROM m WHERE (v > 0) AND (1)")
        let other = ClickHouseRemote(
            url: "clickhouse://h/d", query: "SELECT t, v FROM m ORDER BY t")
        #expect(other.select(["count()"], of: shape).hasPrefix("SELECT count() FROM (SELECT "))
    }

    /// `describe` counts ±∞ in its one scan (`SQLCompiler.summary`), and a `by=`'s groups
    /// keep them (`SQLCompiler.groups`, over the ordered relation), through the relation's
    /// `infinite` values: only of number columns that may hold them (none of a complete one).
    @Test func infinitiesAreKeptApartOnlyWhereAColumnMayHoldThem() {
        var table = RemoteTable(
            xColumn: "t", columns: ["t", "v", "w"], timeColumns: ["t"], estimatedRows: 10,
            firstRow: [0, 1, 2], lastRow: [9, 2, 3])
        table.completeColumns = ["v"]
        for query in ["SELECT t, v, w FROM m", "SELECT t, v, w FROM m ORDER BY t"] {
            let remote = ClickHouseRemote(url: "clickhouse://h/d", query: query)
            let relation = remote.transformSource(table, ordered: false)
            #expect(Array(relation.infinite.keys) == ["w"], "\(query)")
            #expect(Array(remote.transformSource(table, ordered: true).infinite.keys) == ["w"])
        }
    }

    /// Recognised queries with pieces inserted and cut out: never a crash; where one is still
    /// recognised, its table is a name in it, its condition ends it, and its parts written
    /// again make the same query.
    @Test func mangledQueriesAreReadOrLeftAsSubqueries() {
        var random = RandomSource(seed: 2811)
        let pieces = [
            "SELECT", " t", ",", " v", " FROM", " m", " WHERE", " k = 'a''b\\'", " (", ")",
            "`x`", "\"y\"", " --", "/*", "#", ";", ".", " db", " 1e-3", "\u{1F600}", "'",
            "\n", " ORDER", " BY",
        ]
        var recognised = 0
        for _ in 0..<3000 {
            // A recognised query with a few pieces inserted or cut out, by characters.
            var query = Array("SELECT t, v FROM db.m WHERE k = 'a' AND (v > 1e-3 OR w < 2)")
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...query.count, using: &random)
                if Bool.random(using: &random) {
                    query.insert(
                        contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &random)],
                        at: at)
                } else {
                    query.removeSubrange(
                        at..<min(query.count, at + Int.random(in: 1...6, using: &random)))
                }
            }
            let text = String(query)
            guard let read = ClickHouseTableQuery(text) else { continue }
            recognised += 1
            #expect(text.contains(read.table), "\(text)")
            // Its columns as written: the query again from them (as a preview's sample reads
            // the table), the same query.
            #expect(
                ClickHouseTableQuery(
                    "SELECT \(read.columns) FROM \(read.table)"
                        + (read.condition.map { " WHERE \($0)" } ?? "")) == read, "\(text)")
            if let condition = read.condition {
                #expect(
                    text.trimmingCharacters(
                        in: CharacterSet.whitespacesAndNewlines.union(
                            CharacterSet(charactersIn: ";"))
                    ).hasSuffix(condition), "\(text)")
            }
        }
        #expect(recognised > 300, "\(recognised) of 3000 read as a table")
    }

    @Test func typesAreReadByTheirNames() {
        typealias Kind = ClickHouseColumn.Kind
        #expect(Kind(type: "UInt64") == .number && Kind(type: "Decimal(10, 2)") == .number)
        #expect(Kind(type: "Nullable(Float64)") == .number)
        #expect(Kind(type: "DateTime('Europe/Paris')") == .instant)
        #expect(Kind(type: "Nullable(DateTime64(3))") == .instant64)
        #expect(Kind(type: "Date") == .wallClock)
        #expect(Kind(type: "LowCardinality(Nullable(String))") == .text)
        #expect(Kind(type: "String") == .text && Kind(type: "FixedString(4)") == .other)
        #expect(Kind(type: "Enum8('a' = 1)") == .other)
    }

    @Test func escapesAreUndone() {
        let line = Array("a\\tb\tc\\\\d\t\\N\tx\\ny".utf8)
        let fields = ClickHouseReader.fields(line).map { String(decoding: $0, as: UTF8.self) }
        #expect(fields == ["a\tb", "c\\d", "N", "x\ny"])
        #expect(SQLQuoting.clickHouse.identifier("a`b\\c") == "`a\\`b\\\\c`")
    }

    @Test func rowsArriveInPiecesAndAreTyped() throws {
        var rows = ClickHouseRows(
            columns: [
                ClickHouseColumn(name: "t", type: "DateTime"),
                ClickHouseColumn(name: "v", type: "Nullable(Float64)"),
                ClickHouseColumn(name: "k", type: "String"),
            ], limits: ResourceLimits())
        // A row cut between two pieces, a null, nan, and text with an escaped tab.
        for piece in ["1700000000\t1.5\tho", "st\\t1\n1700000060\t\\N\tb\n1700000120\tnan\tc\n"] {
            try rows.receive(Data(piece.utf8))
        }
        let columns = try rows.finished()
        let read = columns.map { $0.read(zone: .utc) }
        #expect(read[0].numbers == [1_700_000_000, 1_700_000_060, 1_700_000_120])
        #expect(read[1].numbers[0] == 1.5 && read[1].numbers[1].isNaN && read[1].numbers[2].isNaN)
        #expect(read[2].text(0) == "host\t1" && read[2].text(2) == "c")
        var cut = ClickHouseRows(
            columns: [ClickHouseColumn(name: "v", type: "Float64")], limits: ResourceLimits())
        try cut.receive(Data("1\n2".utf8))
        #expect(throws: DatabaseFailure.self) { try cut.finished() }
    }

    /// A streamed answer (`save csv` of a remote dataset): lines cut between pieces, read as
    /// one run of bytes — NULL, escapes, numbers, an empty field — and a row of another width
    /// refused without changing the rows read.
    @Test func streamedLinesAreReadWhereTheirBytesLie() throws {
        var lines = TabSeparatedLines()
        var answer: TabSeparatedAnswer?
        for piece in ["1.5\t\\N\tho", "st\\t1\n-0\t2e-308\t\n", "inf\tnan\ta\\\\b\n"] {
            try lines.forEachLine(in: Data(piece.utf8)) { (line) throws(DatabaseFailure) in
                if answer == nil { answer = TabSeparatedAnswer(line: line) }
                try answer?.append(line: line)
            }
        }
        try lines.finish()
        let read = try #require(answer)
        #expect(read.rows == 3 && read.columns == 3)
        #expect(read.value(0, 0) == 1.5 && read.isNull(0, 1) && read.value(0, 1) == nil)
        #expect(read.text(0, 2) == "host\t1" && read.value(0, 2) == nil)
        #expect(read.value(1, 0)?.sign == .minus && read.value(1, 1) == 2e-308)
        #expect(read.text(1, 2) == "" && !read.isNull(1, 2))
        #expect(read.value(2, 0) == .infinity && read.value(2, 1)?.isNaN == true)
        #expect(read.text(2, 2) == "a\\b" && read.isNull(3, 0) && read.isNull(0, 3))
        var wider = read
        #expect(throws: DatabaseFailure.self) { try wider.append(line: Array("1\t2\t3\t4".utf8)) }
        #expect(wider.rows == 3 && wider.text(2, 2) == "a\\b")
        wider.removeAll()
        #expect(wider.rows == 0)
        try wider.append(line: Array("7\t\\N\t".utf8))
        #expect(wider.value(0, 0) == 7 && wider.isNull(0, 1) && wider.rows == 1)
    }

    @Test func serverErrorsKeepTheirMessageAndPosition() {
        let syntax = ClickHouseConnection.failure(
            "Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 16 (line 1, col 16): SELEC t FROM m) LIMIT 0. Expected one of: SELECT, WITH, e.what() = DB::Exception\n"
        )
        #expect(
            syntax
                == .query(
                    "Syntax error: failed at position 16 (line 1, col 16). Expected one of: SELECT, WITH",
                    offset: 15))
        let unknown = ClickHouseConnection.failure(
            "Code: 47, e.displayText() = DB::Exception: Unknown identifier: vv, e.what() = DB::Exception"
        )
        #expect(unknown == .query("Unknown identifier: vv", offset: nil))
    }
}

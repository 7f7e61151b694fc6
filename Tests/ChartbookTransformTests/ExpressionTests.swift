import ChartbookModel
import Testing

@testable import ChartbookTransform

/// `let` expressions (issue 27): read, typed, computed; errors point at their part.
@Suite struct ExpressionTests {
    static let quarters = Dataset(
        name: "m",
        columns: [
            Column(name: "year", numbers: [2000, 2000, 2001, .nan]),
            Column(name: "quarter", numbers: [1, 4, 2, 3]),
            Column(name: "region", text: ["north", "south", "", "north"]),
            Column(name: "day", times: [0, 86_400 * 59, 86_400 * 365, .nan]),
            Column(name: "code", numbers: [19580329, 20240229, 20230230, 1]),
        ], source: .inline)

    func compute(_ text: String, _ d: Dataset = quarters, budget: Int = .max) throws -> (
        ExpressionColumn, Int
    ) {
        let parsed = try ExpressionParser.parse(text)
        let (checked, _) = try ExpressionChecker(dataset: d, timeZone: .utc).checked(parsed)
        var evaluator = ExpressionEvaluator(
            ExpressionContext(dataset: d, timeZone: .utc, memoryBudget: budget))
        return (try evaluator.evaluate(checked), evaluator.divisionsByZero)
    }

    func texts(_ c: ExpressionColumn) -> [String] { (0..<c.count).map(c.text) }

    @Test func arithmeticWithPrecedenceAndMissingValues() throws {
        let (t, _) = try compute("year + (quarter - 1) / 4")
        #expect(texts(t) == ["2000", "2000.75", "2001.25", ""])
        let (n, _) = try compute("-quarter * 2 + 10 % 4")
        #expect(texts(n) == ["0", "-6", "-2", "-4"])
    }

    @Test func comparisonsLogicAndIf() throws {
        let (b, _) = try compute("quarter >= 2 and region = \"north\"")
        #expect(texts(b) == ["0", "0", "", "1"])
        let (i, _) = try compute("if(region != \"north\", quarter, 0)")
        #expect(texts(i) == ["0", "4", "", "0"])
        let (o, _) = try compute("not (quarter < 3) or year > 2000")
        #expect(texts(o) == ["0", "1", "1", "1"])
    }

    @Test func functionsAndTimes() throws {
        #expect(texts(try compute("year(day)").0) == ["1970", "1970", "1971", ""])
        #expect(texts(try compute("month(day) * 100 + day(day)").0) == ["101", "301", "101", ""])
        #expect(
            texts(try compute("date(year, quarter * 3, 1)").0) == [
                "2000-03-01", "2000-12-01", "2001-06-01", "",
            ])
        #expect(
            texts(try compute("parse(code, \"%Y%m%d\")").0) == ["1958-03-29", "2024-02-29", "", ""])
        #expect(texts(try compute("day >= \"1970-03-01\"").0) == ["0", "1", "1", ""])
        #expect(
            texts(try compute("round(quarter / 3, 2) + max(1, 2, 3)").0) == [
                "3.33", "4.33", "3.67", "4",
            ])
        #expect(texts(try compute("day + 86400 - day").0) == ["86400", "86400", "86400", ""])
    }

    /// Text made numbers and cleaned: a missing cell stays missing.
    @Test func textFunctions() throws {
        let d = Dataset(
            name: "t",
            columns: [
                Column(name: "lat", text: ["12 ms", "1,234.5 ms", "", "n/a", " 7 ms"]),
                Column(name: "de", text: ["1.234,5", "-1,7", "4", "", "x"]),
                Column(name: "name", text: [" North ", "south", "East", "", "WEST"]),
                Column(name: "v", numbers: [1, 2.5, .nan, 4, 5]),
            ], source: .inline)
        #expect(
            texts(try compute("number(replace(lat, \" ms\", \"\"))", d).0) == [
                "12", "1234.5", "", "", "7",
            ])
        #expect(texts(try compute("number(de, \",\")", d).0) == ["1234.5", "-1.7", "4", "", ""])
        #expect(texts(try compute("number(v)", d).0) == ["1", "2.5", "", "4", "5"])
        #expect(
            texts(try compute("lower(trim(name))", d).0) == ["north", "south", "east", "", "west"])
        #expect(texts(try compute("upper(name)", d).0) == [" NORTH ", "SOUTH", "EAST", "", "WEST"])
        #expect(
            texts(try compute("concat(trim(name), \"-\", v)", d).0) == [
                "North-1", "south-2.5", "", "", "WEST-5",
            ])
        #expect(throws: ExpressionError.self) { try compute("lower(v)", d) }
        #expect(throws: ExpressionError.self) { try compute("number(v > 1)", d) }
    }

    /// `lag` and `lead` (issue 50): other rows' values in row order, any type; missing
    /// where the row does not exist or n is not a whole number in range.
    @Test func lagAndLeadReadOtherRows() throws {
        #expect(texts(try compute("lag(quarter)").0) == ["", "1", "4", "2"])
        #expect(texts(try compute("quarter - lag(quarter)").0) == ["", "3", "-2", "1"])
        #expect(texts(try compute("lead(region, 2)").0) == ["", "north", "", ""])
        #expect(texts(try compute("lag(day, 0)").0) == texts(try compute("day").0))
        #expect(texts(try compute("lead(day)").0) == ["1970-03-01", "1971-01-01", "", ""])
        #expect(texts(try compute("lag(quarter, 1.5)").0) == ["", "", "", ""])
        #expect(texts(try compute("lag(quarter, -1)").0) == ["", "", "", ""])
        #expect(texts(try compute("lag(quarter, 99)").0) == ["", "", "", ""])
        #expect(texts(try compute("lag(quarter, quarter - 1)").0) == ["1", "", "4", "4"])
        #expect(throws: ExpressionError.self) { try compute("lag(quarter, region)") }
        #expect(throws: ExpressionError.self) { try compute("lead()") }
    }

    /// `rank` (issue 50): competition ranks, smallest first (SQL's and Vega-Lite's `rank`),
    /// against ranks counted here as 1 + the number of smaller values.
    @Test func rankIsOnePlusTheSmallerValues() throws {
        let values: [Double] = [5, 3, 8, 3, .nan, 1, 8, 8, -2]
        let d = Dataset(name: "d", columns: [Column(name: "v", numbers: values)], source: .inline)
        let expected = values.map { v in
            v.isNaN ? "" : String(1 + values.filter { !$0.isNaN && $0 < v }.count)
        }
        #expect(texts(try compute("rank(v)", d).0) == expected)
        #expect(
            texts(try compute("rank(-v)", d).0) == ["4", "5", "1", "5", "", "7", "1", "1", "8"])
        #expect(throws: ExpressionError.self) { try compute("rank(concat(v))", d) }
    }

    @Test func timesBeyondTheCalendarHaveNoParts() throws {
        #expect(texts(try compute("year(day + 1e300)").0) == ["", "", "", ""])
        #expect(texts(try compute("date(year * 1e15, 1, 1)").0) == ["", "", "", ""])
        let huge = Dataset(
            name: "h",
            columns: [
                Column(name: "t", times: [1e300, -1e300, 0]),
                Column(name: "v", numbers: [1, 2, 3]),
            ],
            source: .inline)
        for unit in TimeUnit.allCases {
            let r = try TableExecutor.run(
                TransformPipeline(x: "t", y: "v", bin: .time(unit), aggregate: .sum), on: huge)
            #expect(r.table.count == 1, "\(unit)")
        }
    }

    @Test func divisionsByZeroAreMissingAndCounted() throws {
        let (c, zeros) = try compute("year / (quarter - 4)")
        #expect(texts(c).map { $0.isEmpty } == [false, true, false, true])
        #expect(zeros == 1)
    }

    @Test(arguments: [
        ("yeer + 1", "unknown column 'yeer' of dataset 'm'", 0..<4),
        ("year + \"a\"", "'+' cannot take number and text", 0..<10),
        ("yaer(day)", "unknown function 'yaer'", 0..<4),
        ("(year + 1", "expected ')'", 9..<10),
        ("year +", "expected a value, found the end", 6..<7),
        ("year(quarter)", "year(t) cannot take number", 0..<13),
        ("parse(code, \"%Q\")", "'%Q' is not a time pattern", 12..<16),
        ("quarter $ 2", "unexpected '$'", 8..<9),
        ("if(quarter > 1, 1, \"x\")", "if(condition, a, b) cannot take bool, number, text", 0..<23),
    ])
    func errorsPointAtTheirPart(_ text: String, _ message: String, _ span: Range<Int>) {
        do {
            _ = try compute(text)
            Issue.record("\(text) was accepted")
        } catch let error as ExpressionError {
            #expect(error.message == message, "\(text)")
            #expect(error.span == span, "\(text)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func columnsNamedInBackquotes() throws {
        let d = Dataset(
            name: "d", columns: [Column(name: "my col", numbers: [1, 2])], source: .inline)
        #expect(texts(try compute("`my col` * 10", d).0) == ["10", "20"])
        #expect(try ExpressionParser.parse("a + `my col` * f(b)").columns == ["a", "my col", "b"])
    }

    /// Issue 49, item 2: parentheses, sums, prefix operators and calls nest up to
    /// `Expression.maximumDepth` and are computed; one more is refused with a caret at the
    /// level that goes too deep, and 10 000 (which ended in SIGSEGV) the same, at once.
    @Test func deepExpressionsAreComputedUpToTheLimitAndRefusedPastIt() throws {
        let n = Expression.maximumDepth
        let shapes: [(Int) -> String] = [
            { String(repeating: "(", count: $0) + "quarter" + String(repeating: ")", count: $0) },
            { Array(repeating: "quarter", count: $0).joined(separator: "+") },
            { String(repeating: "-", count: $0 - 1) + "quarter" },
            {
                String(repeating: "abs(", count: $0 - 1) + "quarter"
                    + String(repeating: ")", count: $0 - 1)
            },
            // (The comparison is two nodes.)
            { String(repeating: "not ", count: $0 - 2) + "quarter > 1" },
        ]
        for (i, shape) in shapes.enumerated() {
            let (column, _) = try compute(shape(n))
            #expect(try ExpressionParser.parse(shape(n)).height <= n)
            #expect(column.count == 4, "shape \(i)")
            for depth in [n + 1, 10_000] {
                #expect(throws: ExpressionError.self, "shape \(i) at \(depth)") {
                    _ = try ExpressionParser.parse(shape(depth))
                }
                do {
                    _ = try ExpressionParser.parse(shape(depth))
                } catch {
                    #expect(error.message.contains("nests more than \(n) deep"))
                    #expect(error.span.lowerBound < shape(depth).count)
                }
            }
        }
        let (sum, _) = try compute(Array(repeating: "quarter", count: n).joined(separator: "+"))
        #expect(texts(sum) == ["256", "1024", "512", "768"])
    }

    /// Issue 49, item 3: the columns an expression holds at once count against the memory
    /// budget, and text that grows (`concat`, `replace`, `lower`, `upper`) is refused before
    /// it is made, at the node that would pass it.
    @Test func textMadeByAnExpressionIsHeldToTheMemoryBudget() throws {
        let rows = Dataset(
            name: "w", columns: [Column(name: "v", numbers: (0..<2_000).map(Double.init))],
            source: .inline)
        let literal = String(repeating: "x", count: 100_000)
        let concat = "concat(\"\(literal)\", v)"
        // 2 000 cells of 100 005 bytes or so: about 200 MB.
        let needs = try #require(
            throwing(try compute(concat, rows, budget: 64 << 20)))
        #expect(needs.message.hasPrefix("it needs at least 19"))
        #expect(needs.message.hasSuffix("more than the budget of 64 MiB"))
        #expect(needs.span.lowerBound == 0)
        let (small, _) = try compute("concat(\"ab\", v)", rows, budget: 1 << 20)
        #expect(small.count == 2_000)
        // A chain of replacements multiplying the text tenfold: refused at the first that
        // passes, each occurrence counted before a cell is made.
        var chain = "concat(\"ab\", v)"
        for _ in 0..<8 { chain = "replace(\(chain), \"a\", \"aaaaaaaaaa\")" }
        let grown = try #require(throwing(try compute(chain, rows, budget: 4 << 20)))
        #expect(grown.message.contains("more than the budget of 4 MiB"))
        #expect(grown.span.lowerBound > 0 && grown.span.lowerBound < 40)
        // Case mapping is counted at three times its text: 2 MB upper-cased passes 5 MiB.
        let kilobyte = String(repeating: "x", count: 1_000)
        let upper = "upper(concat(\"\(kilobyte)\", v))"
        #expect(throwing(try compute(upper, rows, budget: 5 << 20))?.span.lowerBound == 0)
        #expect(throwing(try compute(upper, rows, budget: 8 << 20)) == nil)
    }

    /// Issue 49: `replace` is literal on Unicode scalars, left to right, not overlapping.
    @Test func replaceIsLiteralOnScalars() throws {
        let d = Dataset(
            name: "t", columns: [Column(name: "s", text: ["aaa", "e\u{301}é", "", "abab"])],
            source: .inline)
        let (r, _) = try compute("replace(s, \"aa\", \"b\")", d)
        #expect(texts(r) == ["ba", "e\u{301}é", "", "abab"])
        let (e, _) = try compute("replace(s, \"é\", \"E\")", d)
        #expect(texts(e) == ["aaa", "e\u{301}E", "", "abab"])
        let (gone, _) = try compute("replace(s, \"ab\", \"\")", d)
        #expect(texts(gone) == ["aaa", "e\u{301}é", "", ""])
    }

    func throwing(_ work: @autoclosure () throws -> (ExpressionColumn, Int)) -> ExpressionError? {
        do {
            _ = try work()
            return nil
        } catch let error as ExpressionError {
            return error
        } catch {
            return nil
        }
    }
}

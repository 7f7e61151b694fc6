import Foundation
import Testing
import ChartbookData
import ChartbookModel
@testable import ChartbookFuzzing

/// Every input the fuzzers saved — the minimised corpus of each target and every input that
/// ever crashed — replayed through its harness: no crash, no broken invariant.
@Suite struct FuzzCorpusTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ target: String) -> [URL] {
        ["corpus", "crashes"].flatMap { folder -> [URL] in
            let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func savedInputsKeepEveryInvariant(_ target: FuzzTarget) throws {
        let inputs = Self.inputs(target.rawValue)
        #expect(inputs.count >= 10, "Fuzz/corpus/\(target) holds \(inputs.count) inputs")
        for url in inputs {
            let problems = target.run([UInt8](try Data(contentsOf: url)))
            #expect(problems.isEmpty, "\(url.lastPathComponent): \(problems)")
        }
    }

    /// The checks can fail: markup from data and a saved line that reads as two commands
    /// are reported (issue 25).
    @Test func liveMarkupIsReported() {
        let svg = "<?xml version=\"1.0\"?>\n<svg><text>\u{600}<set to=\"x\"/></text></svg>\n"
        #expect(FuzzHarness.markupProblems(svg) == ["markup from data: <set"])
        #expect(FuzzHarness.markupProblems("<?xml?><svg><text>a]]>b</text></svg>").count == 1)
        #expect(FuzzHarness.markupProblems("<?xml?><svg><text>&lt;set</text></svg>").isEmpty)
    }

    /// The checks can fail: broken tables are reported.
    @Test func brokenTablesAreReported() {
        let ragged = DelimitedReader.Table(
            columns: [Column(name: "a", numbers: [1, 2]), Column(name: "b\u{1B}", numbers: [1])],
            labels: nil)
        #expect(TableComparison.invariants(ragged).count == 2)
        let other = DelimitedReader.Table(
            columns: [Column(name: "a", numbers: [1, .nan])], labels: nil)
        #expect(!TableComparison.same(ragged, other))
        #expect(TableComparison.same(other, other))
    }
}

import Testing
import ChartbookModel
import ChartbookData
@testable import ChartbookCommands
import ChartbookFuzzing

/// The printer is the parser's inverse: `parse(print(c)) == c` for commands made from the
/// grammar itself — each entry's operands and options (`CommandSpec`, `PlotOption.values`)
/// give the words, so a command or option added to the table is tested without a line here.
@Suite struct CommandRoundTripTests {
    @Test func everyCommandPrintsBackToItself() throws {
        var maker = GrammarLines(random: RandomSource(seed: 26))
        var parsed = [String: Int]()
        for spec in Grammar.commands {
            for _ in 0..<300 {
                let line = maker.line(for: spec)
                guard let command = try? parse(line) else { continue }
                parsed[spec.topic, default: 0] += 1
                let printed = CommandPrinter.text(command)
                #expect(command.topic == spec.topic, "\(line) is not \(spec.topic)")
                do {
                    let again = try parse(printed)
                    // Missing values (NaN) are never equal: those commands print the same.
                    let same =
                        again == command
                        || (printed.contains("nan") && CommandPrinter.text(again) == printed)
                    #expect(same, "\(line) → \(printed)")
                } catch {
                    Issue.record("\(line) printed as \(printed), which does not parse: \(error)")
                }
            }
        }
        // Every entry made commands (the maker is not testing nothing).
        for spec in Grammar.commands {
            #expect(
                parsed[spec.topic, default: 0] >= 20,
                "\(spec.topic): \(parsed[spec.topic, default: 0])")
        }
    }
    /// The covering lines (issue 52) name every word of every option of `add plot` — each
    /// calendar unit of `bin=`, each aggregation of `agg=` — and every plot kind, each in
    /// a line that parses, with its companion beside it when asked for one.
    @Test func coveringLinesNameEveryWordOfEveryPlotOption() throws {
        let spec = try #require(Grammar.commands.first { $0.words == ["add", "plot"] })
        var maker = GrammarLines(random: RandomSource(seed: 52))
        let lines = maker.coveringLines(for: spec, companions: ["bin": ["agg=mean"]])
        for unit in TimeUnit.allCases {
            let named = lines.filter { $0.contains(" bin=\(unit.rawValue) ") }
            #expect(named.count == 1 && named.allSatisfy { $0.hasSuffix(" agg=mean") }, "\(unit)")
        }
        for aggregation in Aggregation.allCases {
            #expect(
                lines.contains { $0.contains(" agg=\(aggregation.rawValue)") }, "\(aggregation)")
        }
        for kind in Plot.Kind.allCases {
            #expect(lines.contains { $0.hasPrefix("add plot \(kind.rawValue) ") }, "\(kind)")
        }
        for option in PlotOption.all {
            #expect(lines.contains { $0.contains(" \(option.name)=") }, "\(option.name)")
        }
        let unparsed = lines.filter { (try? parse($0)) == nil }
        #expect(unparsed.count < lines.count / 10, "\(unparsed.prefix(5))")
    }
}

import ChartbookCommands
import ChartbookModel
import Testing

@testable import ChartbookKit

/// Issue 31: `select x=` outside a series' x range reads out no value for it (a company
/// listed from 2004 showed its 2004 price under 2002; a date before all data read out the
/// first values).
@Suite struct ReadoutRangeTests {
    static let files = InMemoryFiles([
        "/work/st.csv": "d,sym,p\n2002-01-01,A,10\n2003-01-01,A,12\n2004-01-01,A,14\n"
            + "2004-01-01,B,50\n2005-01-01,A,15\n2005-01-01,B,55\n"
    ])

    func readout(_ selection: String) -> String {
        let session = sessionAfter(
            "load st.csv x=d\nadd plot line st.p by=sym\nselect x=\(selection)",
            files: Self.files)
        let text = ChartRenderer.text(
            for: session, on: TerminalTarget(columns: 60, rows: 10, colorMode: .none))
        return text.split(separator: "\n").last.map { String($0).trimmingTrailingSpaces } ?? ""
    }

    @Test func aSeriesHasNoValueOutsideItsRange() {
        #expect(readout("2002-06-01") == "▶ 2002-06-01  A 10  B –")
        #expect(readout("2004-06-01") == "▶ 2004-06-01  A 14  B 50")
        #expect(readout("2005-01-01") == "▶ 2005-01-01  A 15  B 55")
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(self.reversed().drop { $0 == " " }.reversed())
    }
}

import ChartbookModel
import Testing

@testable import ChartbookData

/// Dates written with numbers only, day or month first: `load` reads them as text, and says
/// which `time=` pattern reads them where the column tells the order (`Feedback.loaded`).
@Suite struct NumericDatesTests {
    @Test func theOrderIsTheOneThatReadsEveryCell() throws {
        let dayFirst = try #require(
            TimeFormat.numericDates(in: ["01/01/2023", "12/01/2023", "13/01/2023", ""]))
        #expect(dayFirst.pattern == "%d/%m/%Y")
        #expect(dayFirst.example == "13/01/2023")
        let monthFirst = try #require(TimeFormat.numericDates(in: ["01-02-2023", "01-31-2023"]))
        #expect(monthFirst.pattern == "%m-%d-%Y")
        #expect(monthFirst.example == "01-31-2023")
        #expect(
            TimeFormat.numericDates(in: ["1/2/23", "31/1/23"])?.pattern == "%d/%m/%y")
        #expect(
            TimeFormat.numericDates(in: ["01/02/2023 10:30", "02/28/2023 23:59"])?.pattern
                == "%m/%d/%Y %H:%M")
        #expect(
            TimeFormat.numericDates(in: ["31/12/2023 10:30:05"])?.pattern == "%d/%m/%Y %H:%M:%S")
        // The pattern it gives reads every cell, as `time=` reads them.
        let format = try TimeFormat(dayFirst.pattern)
        #expect(format.parse("13/01/2023").map { TimeText.iso($0.seconds()) } == "2023-01-13")
    }

    @Test func noPatternUnlessOneOrderReadsEveryCellAndACellTellsThem() {
        // Either order reads every cell: nothing tells them apart.
        #expect(TimeFormat.numericDates(in: ["01/02/2023", "03/04/2023"]) == nil)
        // Each order alone fails a cell.
        #expect(TimeFormat.numericDates(in: ["13/01/2023", "01/13/2023"]) == nil)
        // Not a real date in either order; not dates at all; a year first (read already).
        #expect(TimeFormat.numericDates(in: ["13/01/2023", "32/01/2023"]) == nil)
        #expect(TimeFormat.numericDates(in: ["north", "south"]) == nil)
        #expect(TimeFormat.numericDates(in: ["2023/01/13"]) == nil)
        #expect(TimeFormat.numericDates(in: ["1/2/3/2023", "13/1/2023"]) == nil)
        // Cells of another shape: a year of two digits beside four (`%Y` would read 23 as
        // the year 23), a time on some cells only, another separator.
        #expect(TimeFormat.numericDates(in: ["13/01/2023", "14/01/23"]) == nil)
        #expect(TimeFormat.numericDates(in: ["13/01/2023", "14/01/2023 10:00"]) == nil)
        #expect(TimeFormat.numericDates(in: ["13/01/2023", "14-01-2023"]) == nil)
        #expect(TimeFormat.numericDates(in: []) == nil)
        #expect(TimeFormat.numericDates(in: ["13/01/2023 10"]) == nil)
        #expect(TimeFormat.numericDates(in: ["١٣/٠١/٢٠٢٣"]) == nil)
    }
}

import ChartbookModel

extension DelimitedReader {
    /// Which columns pass 2 reads again from their cells' text, and what each becomes — the
    /// one rule of a whole read and of columns read on demand.
    struct Rereading {
        let tally: FieldScanner.Tally
        let options: LoadOptions
        let separator: UInt8
        let zone: TimeZoneSetting
        /// The x column a `time=` pattern reads: its cells' own text, whatever they look like
        /// (`27.11.2026` would be read as a time, `19580329` as a number).
        let patterned: Int?

        /// Times with and without a zone in one column, read in another zone than UTC, and
        /// columns mixing numbers and times: each cell read on its own.
        func cellByCell(_ c: Int) -> Bool {
            let mixedZones =
                zone != .utc && tally.zoned[c] > 0 && tally.zoned[c] < tally.times[c]
            return tally.isMixed(c) || (tally.isTime(c) && mixedZones)
        }

        /// Text, or with `decimal=,` any column of numbers: a point there groups thousands
        /// (`1.234` is 1234), which the point's reading took as a fraction.
        func marked(_ c: Int) -> Bool {
            tally.isText(c)
                || (options.decimal == .comma && !tally.isTime(c) && !cellByCell(c))
        }

        /// A column of numbers with a point, some of whose cells are not (`83.200.000`), in a
        /// file not separated by commas: a decimal comma may tell that its points group
        /// thousands (`GroupedNumber`), so `1.234` there is 1234.
        func regrouped(_ c: Int) -> Bool {
            options.decimal == .auto && separator != UInt8(ascii: ",") && !tally.isText(c)
                && !tally.isTime(c) && !cellByCell(c) && tally.commaTold[c] > 0
        }

        func readsText(_ c: Int) -> Bool {
            c == patterned || marked(c) || cellByCell(c) || regrouped(c)
        }

        /// Column `c` made of its cells' text, when its text decides it; nil when its numbers
        /// of pass 1 stand (`column(_:named:numbers:_:)`).
        func column(_ c: Int, named name: String, text: TextCells) -> Column? {
            if c == patterned { return Column(name: name, cells: text) }
            // Numbers where they are written with a mark (as `options.decimal` allows).
            let read =
                marked(c)
                ? GroupedNumber.column(text, mark: options.decimal, separator: separator)
                : regrouped(c) ? GroupedNumber.column(text, .comma, telling: true) : nil
            if let read {
                return Column(name: name, numbers: read.numbers, unparseable: read.unreadable)
            }
            return marked(c) ? Column(name: name, cells: text) : nil
        }

        /// Column `c` of numbers or times from pass 1 (`values`), its cells read one by one
        /// where they must be (`text`).
        /// `cellByCell`: read every cell from `text` (pass 1 kept no numbers of it).
        func column(
            _ c: Int, named name: String, numbers values: [Double], _ text: TextCells?,
            cellByCell alone: Bool = false
        ) -> Column {
            var values = values
            if cellByCell(c) || alone, let text {
                values = DelimitedReader.values(of: text, asTimes: tally.isTime(c), zone: zone)
            } else if tally.isTime(c) && tally.zoned[c] == 0 {
                // Times written without a zone are wall clock in the session's zone.
                zone.utc(fromWall: &values)
            }
            if tally.isTime(c) {
                return Column(
                    name: name, times: values, unparseable: tally.present[c] - tally.times[c])
            }
            return Column(name: name, numbers: values, unparseable: tally.failures[c])
        }
    }
}

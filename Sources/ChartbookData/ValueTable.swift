import ChartbookModel

/// The one rule by which readers of typed values (JSON, database queries) make columns:
/// a column most of whose present cells are text is text — a time column when most of those
/// are dates — and the others are numbers, their text cells counted as unparseable; the
/// `labels=` column (matched whatever its case) becomes the x labels.
enum ValueTable {
    /// One column as read.
    struct Read {
        var name: String
        /// A number per row; NaN where the cell is not one.
        var numbers: [Double]
        /// Cells that hold something (not null, not a missing-value word).
        var present: Int
        /// Present cells that are not numbers.
        var strings: Int
        /// A row's cell as text (numbers in their shortest form, missing as empty).
        var text: (Int) -> String
        /// The engine typed the column as points in time: `numbers` are seconds since
        /// 1970-01-01T00:00:00Z.
        var isTime = false
    }

    /// - Parameter keepingText: a column of text kept as its cells (the x column a `time=`
    ///   pattern reads), not read as times.
    static func table(
        _ read: [Read], labelColumn asked: String?, keepingText: String? = nil,
        zone: TimeZoneSetting
    ) throws(DataError) -> DelimitedReader.Table {
        let names = read.map(\.name)
        let labelColumn = asked.flatMap { Column.index(of: $0, in: names) }.map { names[$0] }
        if let asked, labelColumn == nil { throw .unknownLabelColumn(asked, available: names) }
        let kept = keepingText.flatMap { Column.index(of: $0, in: names) }.map { names[$0] }
        var columns = [Column]()
        var labels: [String]?
        for column in read {
            let name = TextMetrics.sanitized(column.name)
            let isLabels = column.name == labelColumn
            if column.isTime && !isLabels {
                columns.append(
                    Column(name: name, times: column.numbers, unparseable: column.strings))
                continue
            }
            guard isLabels || (column.present > 0 && column.strings * 2 > column.present) else {
                columns.append(
                    Column(name: name, numbers: column.numbers, unparseable: column.strings))
                continue
            }
            let text = column.numbers.indices.map { TextMetrics.sanitized(column.text($0)) }
            if isLabels {
                labels = text
            } else if column.name == kept {
                columns.append(Column(name: name, text: text))
            } else {
                columns.append(timesIfDates(Column(name: name, text: text), zone: zone))
            }
        }
        if columns.isEmpty, let labelColumn { throw .onlyLabels(labelColumn) }
        return DelimitedReader.Table(columns: columns, labels: labels)
    }

    /// A text column most of whose cells are dates, as a time column (the rule of the CSV
    /// reader, cell by cell: other cells are missing and counted).
    static func timesIfDates(_ column: Column, zone: TimeZoneSetting) -> Column {
        guard case .text(let cells) = column.values else { return column }
        let present = cells.filter { !$0.isEmpty && !MissingValue.isMissing($0) }.count
        let values = DelimitedReader.values(of: cells, asTimes: true, zone: zone)
        let times = values.filter { !$0.isNaN }.count
        guard times > 0, times * 2 > present else { return column }
        return Column(name: column.name, times: values, unparseable: present - times)
    }
}

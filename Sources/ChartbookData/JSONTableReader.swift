import Foundation
import ChartbookModel

/// JSON arrays into a dataset's columns (Foundation parses the JSON):
/// - `[3, 1, 4]`: one column `value`;
/// - `[[0, 1.5], [1, 2.5]]`: rows, columns `c1`, `c2`, …;
/// - `[{"t": 0, "v": 1.5}, …]`: a column per key, in order of first appearance;
/// - JSON Lines (NDJSON), one such object a line: read as their array.
/// Numbers (and numeric strings) become numbers, `null` and absent keys missing values;
/// a column whose values are mostly strings is text (usable as labels).
public struct JSONTableReader: Sendable {
    public var labelColumn: String?
    /// The key whose text a `time=` pattern reads (`load … x=KEY time=%d.%m.%Y`): kept as
    /// text, not read as times.
    public var patternedColumn: String?
    public var limits: ResourceLimits
    /// The zone times written without one are in (`set timezone`).
    public var timeZone = TimeZoneSetting.utc
    /// Foundation's object tree takes many times the text's size: refused up front when this
    /// many bytes a byte of JSON would pass the budget.
    static let bytesPerInputByte = 24

    public init(labelColumn: String? = nil, limits: ResourceLimits = ResourceLimits()) {
        self.labelColumn = labelColumn
        self.limits = limits
    }

    /// Whether the file at `path` with these bytes is read as JSON: a `.json`, `.jsonl` or
    /// `.ndjson` name, or a first non-blank byte (after a BOM) that opens an array or, for
    /// JSON Lines, an object. The one rule every loading path asks.
    public static func isJSON(path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let lower = path.lowercased()
        if [".json", ".jsonl", ".ndjson"].contains(where: { lower.hasSuffix($0) }) { return true }
        return firstByte(bytes).map { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }
            ?? false
    }

    /// The first byte that is not blank, after a UTF-8 BOM.
    static func firstByte(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) { i += 1 }
        return i < bytes.count ? bytes[i] : nil
    }

    /// JSON Lines (one object a line, as logs and `jq -c` write) as the array of those
    /// objects; a line that is not JSON is named.
    static func arrayOfLines(_ bytes: UnsafeBufferPointer<UInt8>) throws(DataError) -> Data {
        var array = Data("[".utf8)
        var first = true
        var number = 0
        for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { ![9, 13, 32].contains($0) }) else { continue }
            let data = Data(line)
            guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
                let why = JSONProblem.scan(Array(line)).map {
                    " (column \(JSONProblem.position($0.0, in: Array(line)).column): \($0.1))"
                }
                throw .invalidJSON(
                    "line \(number) of JSON Lines is not one JSON object" + (why ?? ""))
            }
            if !first { array.append(UInt8(ascii: ",")) }
            array.append(data)
            first = false
        }
        array.append(UInt8(ascii: "]"))
        return array
    }

    public func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(DataError) -> DelimitedReader.Table
    {
        // Binary bytes that happen to start with `[` or `{` are not JSON: refused as the CSV
        // reader refuses them (NUL bytes near the start), not as JSON that does not parse.
        _ = try TextEncoding.detect(bytes)
        guard bytes.count <= limits.memoryBudget / Self.bytesPerInputByte else {
            throw .overBudget(
                needed: bytes.count * Self.bytesPerInputByte, budget: limits.memoryBudget)
        }
        let data =
            Self.firstByte(bytes) == UInt8(ascii: "{")
            ? try Self.arrayOfLines(bytes) : Data(buffer: bytes)
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .invalidJSON(JSONProblem.describe(Array(bytes), error))
        }
        guard let array = root as? [Any] else {
            throw .invalidJSON("the top level is not an array")
        }
        guard !array.isEmpty else { throw .empty }
        let (names, cells) = try columns(of: array, in: data)
        // `[{}]`, `[[]]`, `{}` a line: rows of nothing, which no plot could read (issue 49).
        guard !names.isEmpty else {
            throw .invalidJSON(
                "its \(array.count) records have no fields: there is no column to read")
        }
        guard names.count <= limits.maxColumns else {
            throw .tooManyColumns(line: 1, limit: limits.maxColumns)
        }
        let read = names.map { Self.column($0, cells[$0] ?? []) }
        return try ValueTable.table(
            read, labelColumn: labelColumn, keepingText: patternedColumn, zone: timeZone)
    }

    /// The columns of a top-level array, in order, and their cells (nil: absent): one
    /// `value` column for scalars, `c1…` for arrays, the keys in order of first appearance
    /// for objects (`data`, the JSON text, gives the order).
    func columns(of array: [Any], in data: Data) throws(DataError)
        -> (names: [String], cells: [String: [Any?]])
    {
        var names = [String]()
        var cells = [String: [Any?]]()
        if array.allSatisfy({ $0 is NSNumber || $0 is NSNull || $0 is String }) {
            names = ["value"]
            cells["value"] = array.map { $0 }
        } else if let rows = array as? [[Any]] {
            let width = rows.map(\.count).max() ?? 0
            guard width <= limits.maxColumns else {
                throw .tooManyColumns(line: 1, limit: limits.maxColumns)
            }
            names = (0..<width).map { "c\($0 + 1)" }
            for (c, name) in names.enumerated() {
                cells[name] = rows.map { c < $0.count ? $0[c] : nil }
            }
        } else if let rows = array as? [[String: Any]] {
            var scan = JSONKeyScan(bytes: [UInt8](data))
            let order = scan.paths()
            // Rows are flattened only where a key holds an object (most files have none).
            let objects = scan.nested ? rows.map { Self.flattened($0) } : rows
            // Deeper than `maxDepth`, an object would be a cell of no value: refused, named
            // (issue 49: such a column was read as all missing, unsaid).
            if scan.nested,
                let (row, path) = objects.enumerated().lazy.compactMap({ row, object in
                    object.first { ($0.value as? [String: Any])?.isEmpty == false }.map {
                        (row, $0.key)
                    }
                }).first
            {
                throw .invalidJSON(
                    "row \(row + 1): '\(TextMetrics.sanitized(path))' holds an object nested "
                        + "deeper than \(Self.maxDepth) objects, the most read as columns; flatten it "
                        + "first (jq)")
            }
            for object in objects {
                // Refused as soon as there are too many keys (not after ordering them all).
                guard
                    names.count + object.count <= limits.maxColumns
                        || object.keys.filter({
                            cells[$0] == nil
                        }).count + names.count <= limits.maxColumns
                else { throw .tooManyColumns(line: 1, limit: limits.maxColumns) }
                for key in object.keys.sorted() where cells[key] == nil {
                    cells[key] = []; names.append(key)
                }
            }
            // Keys in order of first appearance: JSONSerialization does not keep object order.
            names = Self.keysInOrder(order, fallback: names)
            for name in names { cells[name] = objects.map { $0[name] } }
        } else {
            throw .invalidJSON("expected an array of numbers, of arrays, or of objects")
        }
        return (names, cells)
    }

    /// One column's values read as numbers, with how many are present and how many are text
    /// that is neither a number nor a missing-value word (one pass over the cells).
    static func column(_ name: String, _ values: [Any?]) -> ValueTable.Read {
        var numbers = [Double]()
        numbers.reserveCapacity(values.count)
        var (present, strings) = (0, 0)
        for cell in values {
            var number = Double.nan
            if let value = cell, !(value is NSNull) {
                present += 1
                if let n = value as? NSNumber {
                    number = isBoolean(n) ? .nan : n.doubleValue
                } else if let s = value as? String {
                    if let d = NumberParser.parse(s.trimmingSpaces) {
                        number = d
                    } else if !MissingValue.isMissing(s) {
                        strings += 1
                    }
                }
            }
            numbers.append(number)
        }
        return ValueTable.Read(
            name: name, numbers: numbers, present: present, strings: strings,
            text: { row in
                if let s = values[row] as? String { return s }
                if let n = values[row] as? NSNumber { return NumberText.shortest(n.doubleValue) }
                return ""
            })
    }

    /// JSON `true`/`false` arrive as NSNumber too; their type encoding is `c`.
    static func isBoolean(_ n: NSNumber) -> Bool {
        String(cString: n.objCType) == "c"
    }

    /// Objects within objects, as columns of their own: `{"req": {"path": "/a"}}` holds the
    /// column `req.path` (as pandas' `json_normalize` and Vega-Lite's nested fields name
    /// them), to `maxDepth` objects deep; a deeper object, like an array, is one cell that is
    /// no value. A key written with a point that a nested one also names is the later one.
    static func flattened(_ object: [String: Any], prefix: String = "", depth: Int = 1)
        -> [String: Any]
    {
        // Most rows hold no object: kept as they are.
        guard object.values.contains(where: { $0 is [String: Any] }) else {
            return prefix.isEmpty
                ? object
                : Dictionary(uniqueKeysWithValues: object.map { (prefix + $0.key, $0.value) })
        }
        var flat = [String: Any]()
        for (key, value) in object {
            if let inner = value as? [String: Any], !inner.isEmpty, depth < maxDepth {
                for (path, cell) in flattened(inner, prefix: prefix + key + ".", depth: depth + 1) {
                    flat[path] = cell
                }
            } else {
                flat[prefix + key] = value
            }
        }
        return flat
    }

    /// How many objects deep `flattened` names columns.
    static let maxDepth = 8

    /// The columns of the objects — their keys, a nested object's as `outer.inner` (see
    /// `flattened`) — in `order`, as they first appear in the text (`JSONKeyScan`);
    /// `fallback` (every column) when the scan did not find exactly those.
    static func keysInOrder(_ order: [String], fallback: [String]) -> [String] {
        let known = Set(fallback)
        let ordered = order.filter { known.contains($0) }
        return ordered.count == fallback.count ? ordered : fallback
    }
}

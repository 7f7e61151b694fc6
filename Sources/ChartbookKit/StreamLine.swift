/// One line of a `--follow` stream: numbers separated by white space, commas, semicolons
/// or tabs (a column per series), or — on the first line only — column names.
public enum StreamLine: Equatable, Sendable {
    case values([Double])
    case names([String])
    case blank

    public static func parse(_ line: String) -> StreamLine {
        let fields = line.split(whereSeparator: {
            $0 == " " || $0 == "\t" || $0 == "," || $0 == ";" || $0 == "\r"
        }).map(String.init)
        guard !fields.isEmpty else { return .blank }
        let numbers = fields.map {
            Double($0) ?? (["nan", "-", "?"].contains($0.lowercased()) ? .nan : nil)
        }
        if numbers.allSatisfy({ $0 != nil }) { return .values(numbers.map { $0 ?? .nan }) }
        return .names(fields)
    }
}

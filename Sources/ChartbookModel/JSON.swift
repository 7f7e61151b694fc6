/// A JSON value whose objects keep their keys in the order they were written, so a spec
/// reads top-down (`$schema`, title, data, layers). Numbers that are not finite are written
/// as `null`.
public indirect enum JSON: Equatable, Sendable, ExpressibleByStringLiteral,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([Member])

    /// One key of an object.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSON
        public init(_ key: String, _ value: JSON) {
            self.key = key
            self.value = value
        }
    }

    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An object from `(key, value)` pairs, in order; nil values are left out.
    public static func object(_ pairs: KeyValuePairs<String, JSON?>) -> JSON {
        .object(pairs.compactMap { key, value in value.map { Member(key, $0) } })
    }

    /// The value of `key` in an object (the last one written).
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Indented text; an array or object holding only scalars is written on one line.
    public func text(indent: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.isFinite ? NumberText.shortest(n) : "null"
        case .string(let s): out += Self.quoted(s)
        case .array(let items):
            writeList(items.map { (nil, $0) }, open: "[", close: "]", into: &out, indent: indent)
        case .object(let members):
            writeList(
                members.map { ($0.key, $0.value) }, open: "{", close: "}", into: &out,
                indent: indent)
        }
    }

    private func writeList(
        _ items: [(String?, JSON)], open: String, close: String, into out: inout String,
        indent: Int
    ) {
        guard !items.isEmpty else {
            out += open + close
            return
        }
        let inline = items.allSatisfy { $0.1.isScalar }
        let pad = String(repeating: " ", count: indent + 2)
        out += open
        for (i, (key, value)) in items.enumerated() {
            out += inline ? (i == 0 ? "" : " ") : "\n" + pad
            if let key { out += Self.quoted(key) + ": " }
            value.write(into: &out, indent: indent + 2)
            if i < items.count - 1 { out += "," }
        }
        out += inline ? close : "\n" + String(repeating: " ", count: indent) + close
    }

    /// A JSON string: quotes, backslashes and control characters escaped, and `</`, U+2028
    /// and U+2029 too, so the text is safe inside an HTML `<script>` or a JavaScript string.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        var previous: Unicode.Scalar?
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "/" where previous == "<": out += "\\/"
            case "\u{2028}", "\u{2029}",
                _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return out + "\""
    }
}

import Foundation

/// Where and why a JSON document does not parse, for the message that refuses it (issue
/// 49: "it does not parse as JSON" named no place). Two causes Foundation's parser gives no
/// place for are found by a scan of the bytes — a `\u` escape of half a surrogate pair (a
/// lone surrogate) and a number too long to be a double — and its own "around character N"
/// is turned into a line and column.
enum JSONProblem {
    /// The longest number read (a double has 17 significant digits; 400 characters is a
    /// number written out to its last digit, past which the parser gives up).
    static let longestNumber = 400

    /// Why `bytes` (a JSON text Foundation refused with `error`) is not JSON, with its place.
    static func describe(_ bytes: [UInt8], _ error: Error) -> String {
        if let (offset, what) = scan(bytes) { return place(offset, in: bytes) + what }
        let text = (error as NSError).userInfo["NSDebugDescription"] as? String ?? ""
        if let range = text.range(of: "around character "),
            let offset = Int(text[range.upperBound...].prefix { $0.isNumber })
        {
            return place(offset, in: bytes) + "it does not parse as JSON"
        }
        return "it does not parse as JSON"
    }

    /// The first lone surrogate escape or overlong number outside and inside strings, and
    /// what it is.
    static func scan(_ bytes: [UInt8]) -> (Int, String)? {
        var i = 0
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if b == UInt8(ascii: "\"") {
                    inString = false
                } else if b == UInt8(ascii: "\\") {
                    if let problem = escape(bytes, at: i) { return problem }
                    i += 1
                }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "-") || (48...57).contains(b) {
                var end = i
                while end < bytes.count, "+-.0123456789eE".utf8.contains(bytes[end]) { end += 1 }
                if end - i > longestNumber {
                    return (i, "a number of \(end - i) characters, more than a number holds")
                }
                i = end
                continue
            }
            i += 1
        }
        return nil
    }

    /// A `\uXXXX` escape at `i` that is half a surrogate pair without its other half.
    private static func escape(_ bytes: [UInt8], at i: Int) -> (Int, String)? {
        guard let unit = hex(bytes, at: i), (0xD800...0xDFFF).contains(unit) else { return nil }
        let low = hex(bytes, at: i + 6)
        if (0xD800...0xDBFF).contains(unit), let low, (0xDC00...0xDFFF).contains(low) {
            return nil
        }
        // A low half is fine after its high half, which the scan passed already.
        if (0xDC00...0xDFFF).contains(unit), i >= 6, let high = hex(bytes, at: i - 6),
            (0xD800...0xDBFF).contains(high)
        {
            return nil
        }
        let code = String(unit, radix: 16, uppercase: false)
        return (i, "the escape \\u\(code) is half of a surrogate pair, without its other half")
    }

    /// The code unit of a `\uXXXX` escape at `i`.
    private static func hex(_ bytes: [UInt8], at i: Int) -> Int? {
        guard i >= 0, i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
        else { return nil }
        return Int(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16)
    }

    /// `line L, column C: ` of byte `offset`.
    static func place(_ offset: Int, in bytes: [UInt8]) -> String {
        let (line, column) = position(offset, in: bytes)
        return "line \(line), column \(column): "
    }

    /// The line and column (counting characters of the line) of byte `offset`, from 1.
    static func position(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes.prefix(min(offset, bytes.count))
        let line = before.lazy.filter { $0 == 10 }.count + 1
        let start = (before.lastIndex(of: 10) ?? -1) + 1
        return (line, String(decoding: bytes[start..<before.count], as: UTF8.self).count + 1)
    }
}

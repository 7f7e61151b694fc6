/// Decimal text → Double, giving exactly the value `Double(String)` gives.
///
/// The fast path (Clinger's): at most 19 significant digits whose value is below 2^53 and a
/// decimal exponent within ±22 are exact in binary64, so one multiplication or division by
/// an exact power of ten rounds correctly. Everything else (long mantissas, big exponents,
/// `inf`, `nan`, hex) falls back to the standard library's correctly rounded parser.
public enum NumberParser {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses `bytes[start..<end]` (no surrounding white space expected). nil when the text
    /// is not a number.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        guard start < end else { return nil }
        var index = start
        var negative = false
        let first = bytes[index]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0          // significant digits taken into mantissa
        var anyDigit = false
        var exponent = 0
        var overflow = false
        // Integer part.
        while index < end {
            let d = bytes[index] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            anyDigit = true
            if mantissa == 0 && d == 0 { index += 1; continue }
            if digits < 19 { mantissa = mantissa * 10 + UInt64(d); digits += 1 } else { overflow = true }
            index += 1
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end {
                let d = bytes[index] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                anyDigit = true
                if mantissa == 0 && d == 0 { exponent -= 1; index += 1; continue }
                if digits < 19 { mantissa = mantissa * 10 + UInt64(d); digits += 1; exponent -= 1 } else { overflow = true }
                index += 1
            }
        }
        guard anyDigit else { return slowPath(bytes, start, end) }
        if index < end && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            var expNegative = false
            if index < end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
                expNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            var expDigits = 0
            while index < end {
                let d = bytes[index] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                if value < 100_000 { value = value * 10 + Int(d) }
                expDigits += 1
                index += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -value : value
        }
        guard index == end else { return slowPath(bytes, start, end) }
        if overflow || mantissa > (1 << 53) || exponent < -22 || exponent > 22 {
            return slowPath(bytes, start, end)
        }
        var result = Double(mantissa)
        if exponent < 0 { result /= powersOfTen[-exponent] } else if exponent > 0 { result *= powersOfTen[exponent] }
        return negative ? -result : result
    }

    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        guard end - start < 800 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Double(text)
    }

    /// Convenience for tests and small inputs.
    public static func parse(_ text: String) -> Double? {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer in
            parse(UnsafeBufferPointer(buffer), 0, buffer.count)
        }
    }
}

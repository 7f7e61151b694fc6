/// Decimal text → Double, giving exactly the value `Double(String)` gives.
///
/// The fast path (Clinger's): at most 19 significant digits whose value is below 2^53 and a
/// decimal exponent within ±22 are exact in binary64, so one multiplication or division by
/// an exact power of ten rounds correctly. Everything else (long mantissas, big exponents,
/// `inf`, `nan`) falls back to the standard library's correctly rounded parser. Hexadecimal
/// (`0x1F`, `0x1p3`), which that parser also reads, is not a number in data: it is text, as
/// in spreadsheets and the other CSV readers (Docs/limits.md).
public enum NumberParser {
    /// 10^e for 0 ≤ e ≤ 22, exactly (every one is a binary64 value). A switch rather than a
    /// table: no lazy global to check on each call from the readers' inner loops.
    @inline(__always)
    static func exactPowerOfTen(_ e: Int) -> Double {
        switch e {
        case 0: 1e0;
        case 1: 1e1;
        case 2: 1e2;
        case 3: 1e3;
        case 4: 1e4;
        case 5: 1e5;
        case 6: 1e6;
        case 7: 1e7
        case 8: 1e8;
        case 9: 1e9;
        case 10: 1e10;
        case 11: 1e11;
        case 12: 1e12;
        case 13: 1e13;
        case 14: 1e14
        case 15: 1e15;
        case 16: 1e16;
        case 17: 1e17;
        case 18: 1e18;
        case 19: 1e19;
        case 20: 1e20;
        case 21: 1e21
        default: 1e22
        }
    }

    /// Parses `bytes[start..<end]` (no surrounding white space expected). nil when the text
    /// is not a number.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> Double?
    {
        guard start < end else { return nil }
        var index = start
        var negative = false
        let first = bytes[index]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits taken into mantissa
        var anyDigit = false
        var exponent = 0
        var overflow = false
        // Integer part.
        while index < end {
            let d = bytes[index] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            anyDigit = true
            if mantissa == 0 && d == 0 { index += 1; continue }
            if digits < 19 {
                mantissa = mantissa * 10 + UInt64(d); digits += 1
            } else {
                overflow = true
            }
            index += 1
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end {
                let d = bytes[index] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                anyDigit = true
                if mantissa == 0 && d == 0 { exponent -= 1; index += 1; continue }
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(d); digits += 1; exponent -= 1
                } else {
                    overflow = true
                }
                index += 1
            }
        }
        guard anyDigit else { return slowPath(bytes, start, end) }
        if index < end && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            var expNegative = false
            if index < end
                && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"))
            {
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
        if exponent < 0 {
            result /= exactPowerOfTen(-exponent)
        } else if exponent > 0 {
            result *= exactPowerOfTen(exponent)
        }
        return negative ? -result : result
    }

    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> Double?
    {
        guard end - start < 800 else { return nil }
        // `Double(String)` reads a C string: a NUL would end the number early ("2\0 3" as 2).
        // It reads hexadecimal too, which data does not mean as a number.
        for i in start..<end {
            switch bytes[i] {
            case 0, UInt8(ascii: "x"), UInt8(ascii: "X"): return nil
            default: continue
            }
        }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
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

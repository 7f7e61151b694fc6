/// How the bytes of a text file are encoded, from their first bytes.
///
/// UTF-8 (with or without a byte-order mark) is read as it is; UTF-16 with a byte-order mark
/// is converted to UTF-8 first; UTF-32 and files with NUL bytes near the start (binary
/// files, UTF-16 without a mark) are refused with a message that says what to do.
enum TextEncoding: Equatable {
    /// `bom`: bytes to skip (3 with a byte-order mark, else 0).
    case utf8(bom: Int)
    case utf16(bigEndian: Bool)

    /// Bytes looked at for NULs.
    static let sniffBytes = 1 << 16

    static func detect(_ buffer: UnsafeBufferPointer<UInt8>) throws(DataError) -> TextEncoding {
        let n = buffer.count
        if n >= 4
            && ((buffer[0] == 0xFF && buffer[1] == 0xFE && buffer[2] == 0 && buffer[3] == 0)
                || (buffer[0] == 0 && buffer[1] == 0 && buffer[2] == 0xFE && buffer[3] == 0xFF))
        {
            throw .unsupportedEncoding("UTF-32")
        }
        if n >= 2 && buffer[0] == 0xFF && buffer[1] == 0xFE { return .utf16(bigEndian: false) }
        if n >= 2 && buffer[0] == 0xFE && buffer[1] == 0xFF { return .utf16(bigEndian: true) }
        let bom = n >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
        for i in 0..<min(n, sniffBytes) where buffer[i] == 0 { throw .notText }
        return .utf8(bom: bom)
    }

    /// UTF-16 (after its 2-byte mark) as UTF-8 bytes; unpaired surrogates become U+FFFD.
    static func utf16ToUTF8(_ buffer: UnsafeBufferPointer<UInt8>, bigEndian: Bool, budget: Int)
        throws(DataError) -> [UInt8]
    {
        let units = (buffer.count - 2) / 2
        // At most 3 UTF-8 bytes for each UTF-16 unit.
        guard units <= budget / 3 else { throw .overBudget(needed: units * 3, budget: budget) }
        var utf16 = [UInt16]()
        utf16.reserveCapacity(units)
        for i in 0..<units {
            let a = UInt16(buffer[2 + 2 * i]), b = UInt16(buffer[3 + 2 * i])
            utf16.append(bigEndian ? a << 8 | b : b << 8 | a)
        }
        // Unpaired surrogates decode as U+FFFD.
        return Array(String(decoding: utf16, as: UTF16.self).utf8)
    }
}

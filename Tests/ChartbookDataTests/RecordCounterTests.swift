import Testing

@testable import ChartbookData

/// `RecordCounter` counts 16 bytes at a time where it can; these hold it to the rule written
/// out line by line (`SkippableLine`: a line of blanks, or one starting with `#`, is not a
/// record) on random plain texts whose lines are short and long, blank, commented, indented,
/// CRLF-ended and unended — and to nil where a text is not plain.
@Suite struct RecordCounterTests {
    /// The records of a plain text, one line at a time.
    static func reference(_ text: [UInt8], blank: UInt8) -> Int {
        var records = 0
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count && text[end] != 10 { end += 1 }
            var line = Array(text[start..<end])
            if line.last == 13 { line.removeLast() }
            let content = line.drop { $0 == 32 || $0 == blank }
            if !content.isEmpty && line.first != 35 { records += 1 }
            start = end + 1
        }
        return records
    }

    static func randomText(_ random: inout RandomSource) -> [UInt8] {
        let lineEnd: [UInt8] = random.next() % 3 == 0 ? [13, 10] : [10]
        var text = [UInt8]()
        for _ in 0..<Int(random.next() % 120) {
            switch random.next() % 9 {
            case 0: break  // a blank line
            case 1: text += Array("# note, \(random.next() % 1000)".utf8)
            case 2: text += [32, 9, 32].prefix(Int(1 + random.next() % 3))
            case 3: text += [32] + Array("7,8".utf8)  // indented: a record
            default:
                let length = Int(random.next() % (random.next() % 4 == 0 ? 70 : 12))
                text += (0..<length).map { _ in
                    Array("0123456789,.-x".utf8)[Int(random.next() % 14)]
                }
            }
            text += lineEnd
        }
        if random.next() % 2 == 0, !text.isEmpty { text.removeLast(lineEnd.count) }
        return text
    }

    static func count(_ text: [UInt8], from start: Int = 0) -> Int? {
        text.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return 0 }
            return RecordCounter.count(
                base, from: start, to: buffer.count, blank: 9, shouldCancel: { false },
                release: { _, _ in })
        }
    }

    @Test func countsAsTheLineByLineRule() {
        var random = RandomSource(seed: 5309)
        for _ in 0..<2_000 {
            let text = Self.randomText(&random)
            #expect(
                Self.count(text) == Self.reference(text, blank: 9),
                "\(String(decoding: text, as: UTF8.self).debugDescription)")
        }
    }

    @Test func countsFromALineStartInsideTheText() {
        var random = RandomSource(seed: 77)
        for _ in 0..<500 {
            let text = Self.randomText(&random)
            let starts = [0] + text.indices.filter { $0 > 0 && text[$0 - 1] == 10 }
            let start = starts[Int(random.next() % UInt64(starts.count))]
            #expect(
                Self.count(text, from: start) == Self.reference(Array(text[start...]), blank: 9))
        }
    }

    @Test func aQuoteOrALoneCarriageReturnIsNotPlain() {
        let long = Array(String(repeating: "1,2\n", count: 40).utf8)
        #expect(Self.count(long + Array("\"a\",3\n".utf8)) == nil)
        #expect(Self.count(long + [49, 13, 50, 10]) == nil)
        #expect(Self.count(long + [49, 13]) == nil)
        #expect(Self.count(long + [49, 13, 10]) == 41)
    }
}

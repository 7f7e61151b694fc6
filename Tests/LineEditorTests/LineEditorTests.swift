import Testing
@testable import LineEditor

@Suite struct HistoryStoreTests {
    @Test func boundedNoBlanksNoConsecutiveDuplicates() {
        var store = HistoryStore(limit: 3)
        for line in ["a", "a", "  ", "b", "a", "c", "d"] { store.add(line) }
        #expect(store.entries == ["a", "c", "d"])
    }

    /// Issue 25: a `\r\n` pair or a backslash glued to a combining mark is one `Character`;
    /// escaped by character, the pair reached the file raw and split the entry in two.
    @Test func entriesWithGluedScalarsReadBackWhole() {
        let store = HistoryStore(entries: ["a\r\nb", "back\\\u{301}n", "\u{600}\"q", "x\n\u{301}"])
        #expect(HistoryStore.decoded(store.encoded()).entries == store.entries)
    }

    @Test func fileFormatRoundTripsAwkwardEntries() {
        let store = HistoryStore(entries: ["plain", "with \\ backslash", "two\nlines", "日本 \"q\""])
        let text = store.encoded()
        #expect(text.split(separator: "\n").count == 4)
        #expect(HistoryStore.decoded(text) == store)
    }

    @Test func decodingRespectsTheLimit() {
        let text = (1...1500).map { "cmd \($0)\n" }.joined()
        let store = HistoryStore.decoded(text)
        #expect(store.entries.count == 1000 && store.entries.first == "cmd 501")
    }
}

@Suite struct CompletionListTests {
    @Test func commonPrefix() {
        #expect(CompletionList.commonPrefix(["reflines", "refline", "reset"]) == "re")
        #expect(CompletionList.commonPrefix(["a"]) == "a")
        #expect(CompletionList.commonPrefix([]) == "")
    }

    @Test func columnsFillDownThenAcross() {
        let text = CompletionList.columns(
            ["plot", "reflines", "labels", "range", "zero"], width: 30)
        #expect(text == "plot      labels    zero\nreflines  range\n")
        for line in CompletionList.columns((1...40).map { "word\($0)" }, width: 50).split(
            separator: "\n")
        {
            #expect(line.count <= 50)
        }
        #expect(
            CompletionList.columns(["a-very-long-candidate"], width: 5) == "a-very-long-candidate\n"
        )
    }

    @Test func promptEscapesAreMarkedInvisible() {
        #expect(
            LineEditor.markInvisible("\u{1B}[1mchartbook\u{1B}[0m > ")
                == "\u{1}\u{1B}[1m\u{1}chartbook\u{1}\u{1B}[0m\u{1} > ")
    }
}

import Testing
@testable import ChartbookModel

@Suite struct ColorTests {
    @Test func parsing() {
        #expect(Color(parsing: "#16aafc") == Color(hex: 0x16aafc))
        #expect(Color(parsing: "#fff") == Color(hex: 0xffffff))
        #expect(Color(parsing: "#16aafc80")?.alpha == 128.0 / 255)
        #expect(Color(parsing: "white@0.5") == Color(red: 255, green: 255, blue: 255, alpha: 0.5))
        #expect(Color(parsing: "RED") == Color.named["red"])
        #expect(Color(parsing: "#12345") == nil)
        #expect(Color(parsing: "red@2") == nil)
        #expect(Color(parsing: "chartreuse") == nil)
    }

    @Test func descriptionRoundTrips() {
        for text in ["red", "#123456", "#16aafc80"] {
            #expect(Color(parsing: text)?.description == text)
        }
    }
}

@Suite struct TextMetricsTests {
    @Test func widths() {
        #expect(TextMetrics.width(of: "abc") == 3)
        #expect(TextMetrics.width(of: "日本") == 4)
        #expect(TextMetrics.width(of: "e\u{301}") == 1)
        #expect(TextMetrics.width(of: "😀") == 2)
        #expect(TextMetrics.width(of: "⣿") == 1)
    }

    @Test func sanitizingRemovesEscapesAndBidi() {
        #expect(TextMetrics.sanitized("a\u{1B}[31mb") == "a\u{FFFD}[31mb")
        #expect(TextMetrics.sanitized("x\u{202E}y\u{9B}z\n") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
        #expect(TextMetrics.sanitized("plain ünïcode") == "plain ünïcode")
    }

    @Test func truncation() {
        #expect(TextMetrics.truncated("abcdef", toWidth: 4) == "abc…")
        #expect(TextMetrics.truncated("日本語", toWidth: 4) == "日…")
        #expect(TextMetrics.truncated("ab", toWidth: 4) == "ab")
        #expect(TextMetrics.truncated("ab", toWidth: 0) == "")
    }
}

@Suite struct StatisticsTests {
    @Test func skipsMissing() {
        let s = Statistics(of: [1, .nan, 3, .infinity])
        #expect(s.count == 2 && s.missing == 1 && s.minimum == 1 && s.maximum == 3 && s.mean == 2)
        #expect(Statistics(of: []).mean.isNaN)
    }

    @Test func quantiles() {
        #expect(Statistics.quantile(0.5, of: [3, 1, 2, .nan]) == 2)
        #expect(Statistics.quantile(0.95, of: (1...100).map(Double.init)) == 95.05)
        #expect(StatisticKind.median.evaluate([1, 2, 3, 4]) == 2.5)
    }
}

/// Issue 31: names cut to a width stay distinct (`Salm… Salm…` said nothing).
@Suite struct DistinctTruncationTests {
    @Test func namesThatDifferStayApart() {
        let names = ["Salmon River", "Salmon Creek", "Stream A", "Stream B", "Oak", "Elderberry"]
        let cut = TextMetrics.distinctlyTruncated(names, toWidth: 5)
        #expect(cut == ["Sa…er", "Sa…ek", "St… A", "St… B", "Oak", "Elde…"])
        #expect(cut.allSatisfy { TextMetrics.width(of: $0) <= 5 })
        // Parted by their ends only.
        #expect(
            TextMetrics.distinctlyTruncated(["2024 total", "2024 total (est.)"], toWidth: 8)
                == ["2024…tal", "2024…t.)"])
        #expect(
            TextMetrics.distinctlyTruncated(["North basin A", "North ridge A"], toWidth: 7)
                == ["Nor…n A", "Nor…e A"])
        #expect(
            TextMetrics.distinctlyTruncated(["Station 1-east", "Station 2-east"], toWidth: 7)
                == ["…1-east", "…2-east"])
        // Names no cut can part stay cut at the end.
        #expect(
            TextMetrics.distinctlyTruncated(["North-1 River", "North-2 River"], toWidth: 7)
                == ["North-…", "North-…"])
        // Equal names stay equal; names that fit stay whole.
        #expect(
            TextMetrics.distinctlyTruncated(["Same name", "Same name"], toWidth: 4) == [
                "Sam…", "Sam…",
            ])
        #expect(TextMetrics.distinctlyTruncated(["a", "b"], toWidth: 4) == ["a", "b"])
    }
}

/// Issue 31: numbers print to their precision, the noise of binary fractions left out.
@Suite struct WrittenNumberTests {
    @Test func precisionWithoutNoise() {
        #expect(NumberText.written(0.1 + 0.2) == "0.3")
        #expect(NumberText.written(12.5) == "12.5")
        #expect(NumberText.written(-3) == "-3")
        #expect(NumberText.written(1e20) == "1e+20")
        #expect(NumberText.written(0.593314) == "0.593314")
        #expect(NumberText.decimals(of: [1.5, 2.25, 3]) == 2)
        #expect(NumberText.decimals(of: [0.1, 0.2, 0.1 + 0.2]) == 1)
        #expect(NumberText.decimals(of: [Double.pi]) == 6)
        #expect(NumberText.decimals(of: [Double.nan, 7]) == 0)
    }
}
